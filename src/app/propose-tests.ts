// "Propose tests": asks the configured model for tests of the task's description and puts them in
// the task panel's list as proposals, for the user to accept, edit or drop. A failure says why in
// the loop's own words for endpoint failures; nothing already in the list or the task is touched.
import { entryPointOf } from '../loop/assemble.ts';
import { mergeProposals, parseProposals, proposeRequest } from '../loop/propose-tests.ts';
import { endpointVerdict } from '../loop/stop.ts';
import { createModelClient } from '../models/create-client.ts';
import { demoCannot, isDemoEndpoint } from '../models/demo.ts';
import { ModelError } from '../models/errors.ts';
import { withKey } from '../models/keys.ts';
import { errorMessage } from '../shared/error-message.ts';
import { plural } from '../shared/format.ts';
import { testsToText } from '../ui/task/tests-text.ts';
import type { PageState } from './page-state.ts';
import { kindOf } from '../kinds/registry.ts';

let asking = false;

function failure(err: unknown): string {
  return err instanceof ModelError ? endpointVerdict(err.info).message : errorMessage(err);
}

export async function proposeTests(page: PageState): Promise<void> {
  const { generated } = page.tasks;
  const task = page.tasks.getTask();
  if (asking) return;
  if (!kindOf(task).proposesTests)
    return generated.setStatus('Tests are proposed for code tasks, not Node.js projects.', 'error');
  if (task.prompt.trim() === '')
    return generated.setStatus("Write the task's description first: the tests are proposed from it.", 'error');
  if (isDemoEndpoint(page.endpoint.config)) return generated.setStatus(demoCannot('write tests'), 'error');
  asking = true;
  generated.setBusy(true);
  generated.setStatus('Asking the model for tests…', 'busy');
  try {
    const client = createModelClient(withKey(page.endpoint.config, page.keys));
    const reply = await client.chat(proposeRequest(task));
    const fresh = parseProposals(reply.text, task);
    if (fresh.length === 0) {
      const entry = entryPointOf(task);
      const calling = entry ? ` calling ${entry}` : '';
      return generated.setStatus(
        `The model's reply had no tests to propose (no assert lines${calling}). Try again, or write tests yourself.`,
        'error',
      );
    }
    const known = [...testsToText(task.tests).split('\n'), ...(task.generatedTests ?? [])];
    const merged = mergeProposals(generated.proposals(), known, fresh);
    await generated.addProposals(merged.proposals.slice(generated.proposals().length));
    const repeated = merged.repeated > 0 ? ` (${plural(merged.repeated, 'test')} the task already had left out)` : '';
    generated.setStatus(
      merged.added > 0
        ? `The model proposed ${plural(merged.added, 'test')}${repeated}: accept, edit or drop each; none counts until accepted.`
        : `The model proposed nothing new${repeated}.`,
      merged.added > 0 ? 'ok' : 'idle',
    );
  } catch (err) {
    generated.setStatus(`Could not propose tests: ${failure(err)}`, 'error');
  } finally {
    asking = false;
    generated.setBusy(false);
  }
}
