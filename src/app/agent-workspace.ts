// Wires the "Agent" mode into the page: its view in place of the code panels, a run through the
// page's one-run-at-a-time lock (so History, Settings and Stop behave as for the loop), the demo
// model's notice, and a stored agent session opened from the history.
import type { AgentLanguage } from '../shared/agent.ts';
import { AGENT_EXAMPLES } from '../shared/agent-examples.ts';
import type { Attempt, Session } from '../shared/session.ts';
import type { SessionFiles } from '../store/agent-files.ts';
import { mountAgentView, type AgentView } from '../ui/agent/agent-view.ts';
import { isDemoEndpoint } from '../models/demo.ts';
import { withKey } from '../models/keys.ts';
import { ENDPOINT_CHANGED } from './endpoint-settings.ts';
import type { PageState } from './page-state.ts';
import { runAgentSession, showEnd } from './agent-page-run.ts';
import { agentLanguages, openAgentRuntime } from './agent-runtime.ts';

const DEMO_NOTICE =
  'The demo model is scripted, not a real model: it plays fixed actions for the example “Sales by region (CSV)” only, whatever the code shows. Set a real model in Settings for goals of your own.';

let mounted: AgentView | undefined;

function mount(page: PageState): AgentView {
  const main = page.root.querySelector('.app-main') ?? page.root;
  const run = main.appendChild(document.createElement('div'));
  run.className = 'agent-workspace-host';
  const column = page.root.querySelector('.col-task') ?? main;
  const inputs = column.appendChild(document.createElement('div'));
  inputs.className = 'agent-inputs-host';
  const view = mountAgentView(
    { inputs, run },
    {
      examples: AGENT_EXAMPLES,
      languages: agentLanguages(page.runtime),
      onRun: () => void start(page, view),
      onStop: () => page.stop(),
    },
  );
  const notice = (): void => view.setNotice(isDemoEndpoint(page.endpoint.config) ? DEMO_NOTICE : undefined);
  page.root.addEventListener(ENDPOINT_CHANGED, notice);
  notice();
  view.setStatus('Write a goal, add files if it needs them, and press Run agent.');
  return view;
}

/** Shows (mounting once) or hides the agent workspace in place of the code panels. */
export function showAgentWorkspace(page: PageState, on: boolean): AgentView | undefined {
  page.root.classList.toggle('kind-agent', on);
  if (on) mounted ??= mount(page);
  return mounted;
}

async function start(page: PageState, view: AgentView): Promise<void> {
  const goal = view.goal();
  const caps = view.caps();
  if (!goal.trim()) return view.setStatus('Write a goal first: the model works towards it.', 'failed');
  if (Array.isArray(caps)) return view.setStatus(`Correct the caps first: ${caps.join(' ')}`, 'failed');
  const language = view.language();
  const runtime = openAgentRuntime(page.runtime, language);
  if (!runtime) return view.setStatus(`${language} agents cannot run in this page yet.`, 'failed');
  view.setNotice(isDemoEndpoint(page.endpoint.config) ? DEMO_NOTICE : undefined);
  await page.exclusive(async (signal) => {
    view.setRunning(true);
    try {
      await runAgentSession({
        view,
        goal,
        language,
        files: view.files(),
        caps,
        endpoint: withKey(page.endpoint.config, page.keys),
        temperature: page.endpoint.temperature,
        runtime,
        store: page.store,
        signal,
      });
    } finally {
      view.setRunning(false);
    }
  });
}

/** A stored agent session, shown as it ended: its inputs, transcript, answer and files. */
export function loadAgentSession(
  page: PageState,
  session: Session,
  attempts: readonly Attempt[],
  files: SessionFiles,
): void {
  const view = showAgentWorkspace(page, true);
  if (!view) return;
  const language = session.task.language as AgentLanguage;
  view.setInputs(session.task.prompt, language, files.inputs);
  view.transcript.reset(language);
  for (const a of attempts)
    if (a.candidate !== undefined)
      view.transcript.step({ index: a.index, reply: a.reply, code: a.candidate, observation: a.observation });
  view.setOutputs(files.outputs);
  if (session.status === 'running') view.setStatus('This session is running in another tab.', 'pending');
  else showEnd(view, session.endReason ?? 'interrupted', session.answer, session.endMessage);
  const missing = (session.task.kind === 'agent' ? session.task.agent.files : []).filter(
    (f) => !files.inputs.some((i) => i.name === f.name),
  );
  view.setNotice(
    missing.length
      ? `Not in the history (left out of the export it came from): ${missing.map((f) => f.name).join(', ')}.`
      : undefined,
  );
}
