// A run whose script does not parse: importScripts says so without the line, so the error is
// located by loading the same text once more in a throwaway worker where none of it can run.
import { firstFrame, type Described } from './errors.ts';
import { SyntaxErrorCtor, stringReplace, stringSplit, toText } from './intrinsics.ts';

const makeUrl = URL.createObjectURL;
const BlobCtor = Blob;
const WorkerCtor = Worker;
const realSetTimeout = setTimeout;
const realClearTimeout = clearTimeout;

/** A SyntaxError from parsing carries no frame of the scripts; one the program threw does. */
export function isParseError(err: unknown, names: string[]): boolean {
  try {
    return err instanceof SyntaxErrorCtor && !firstFrame(toText(err.stack ?? ''), names);
  } catch {
    return false;
  }
}

/**
 * importScripts reports a parse error without its line. A throwaway worker loads the same text
 * behind `throw 0;` (so none of it can run) and its error event has the line and column.
 */
export function locateSyntaxError(
  err: SyntaxError,
  script: { name: string; source: string },
  finish: (status: 'error', result: string) => void,
  failWith: (d: Described) => void,
): void {
  const message = stringReplace(toText(err.message), /^Failed to execute 'importScripts' on 'WorkerGlobalScope': /, '');
  const done = (line?: number, column?: number): void => {
    const where = line ? `${script.name}:${line}${column ? `:${column}` : ''}` : script.name;
    const text = line ? stringSplit(script.source, '\n')[line - 1] : undefined;
    failWith({
      type: 'SyntaxError',
      message,
      assertion: false,
      exception: {
        type: 'SyntaxError',
        message,
        traceback: `${where}\n${text !== undefined ? `${text}\n${column ? `${' '.repeat(column - 1)}^\n` : ''}` : ''}SyntaxError: ${message}`,
        line,
        syntax: true,
      },
    });
    finish('error', `failed: SyntaxError: ${message}`);
  };
  try {
    const probe = new WorkerCtor(makeUrl(new BlobCtor([`throw 0;\n${script.source}`], { type: 'text/javascript' })));
    const timer = realSetTimeout(() => done(), 1000);
    probe.onerror = (e) => {
      e.preventDefault();
      realClearTimeout(timer);
      probe.terminate();
      done(e.lineno > 1 ? e.lineno - 1 : undefined, e.colno || undefined);
    };
  } catch {
    done();
  }
}
