// The settings view and what a page needs to wire it.
export { mountSettings } from './settings-view.ts';
export type { MountSettingsOptions, SettingsHandle } from './settings-view.ts';
export type { EndpointSettings, SettingsDraft, Validation } from './settings-model.ts';
export { validate, draftFor, draftFrom } from './settings-model.ts';
export { testConnection, describeReport } from './connection-test.ts';
export type { ConnectionReport } from './connection-test.ts';
