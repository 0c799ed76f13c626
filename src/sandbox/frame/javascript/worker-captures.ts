// The worker's own built-ins that the JavaScript workers (javascript/worker.ts, agent-js/worker.ts)
// use to talk to the frame and run scripts, taken when the worker loads, before any run code
// exists: run code shares the global scope and may replace any of them
// (`MessagePort.prototype.postMessage = ...`), and the workers only ever call these copies.
// A worker's scope, typed so that this also compiles with the page's DOM lib.
const scope = self as unknown as { importScripts(...urls: string[]): void; close(): void };

export const portPost = MessagePort.prototype.postMessage;
export const eventData = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;
export const rejectionReason = Object.getOwnPropertyDescriptor(PromiseRejectionEvent.prototype, 'reason')!.get!;
export const errorEventError = Object.getOwnPropertyDescriptor(ErrorEvent.prototype, 'error')!.get!;
export const preventDefault = Event.prototype.preventDefault;
export const addListener = EventTarget.prototype.addEventListener;
export const runScript = scope.importScripts.bind(scope);
export const makeUrl = URL.createObjectURL;
export const revokeUrl = URL.revokeObjectURL;
export const BlobCtor = Blob;
export const realSetTimeout = setTimeout;
export const realClearTimeout = clearTimeout;
export const realSetInterval = setInterval;
export const realClearInterval = clearInterval;
export const closeSelf = scope.close.bind(scope);
export const randomWords = crypto.getRandomValues.bind(crypto);
