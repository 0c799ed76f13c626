// The TypeScript checker itself, free of worker glue so Node tests can drive it: a program over
// an in-memory host holding one source file and the lib files, which are parsed once and kept,
// so only the candidate is parsed and checked again on each call.
import ts from 'typescript';
import type { TsCheckOptions, TsCheckResult, TsDiagnostic } from '../../shared/typescript-check.ts';
import { emitJavaScript } from './emit.ts';
import { libErrorsCausedBy, topLevelNames } from './lib-collisions.ts';
import { RUNTIME_TYPES_FILE, runtimeTypes } from './runtime-types.ts';

/** The text of a lib file such as `lib.es2022.d.ts`, or undefined when it is not bundled. */
export type LibLoader = (fileName: string) => Promise<string | undefined>;

export interface Mode {
  options: ts.CompilerOptions;
  /** The lib file the closure of `/// <reference lib>` starts from. */
  rootLib: string;
  /** Whether the offline runner's globals (RUNTIME_TYPES_FILE) are checked with the code. */
  runtime: boolean;
}

// The loop: strict, the ES library and the offline runner's globals (no DOM: code runs in a worker).
// The editor's completions and hovers use it too (service-core.ts).
export const LOOP: Mode = {
  options: { strict: true, target: ts.ScriptTarget.ESNext, lib: ['lib.esnext.d.ts'] },
  rootLib: 'lib.esnext.d.ts',
  runtime: true,
};

// MultiPL-E grading: what `tsc --target esnext FILE` amounts to under TypeScript 6, whose
// defaults would otherwise turn strict on. Its default lib for esnext includes the DOM.
const GRADING: Mode = {
  options: { strict: false, target: ts.ScriptTarget.ESNext },
  rootLib: 'lib.esnext.full.d.ts',
  runtime: false,
};

const shared: ts.CompilerOptions = { noEmit: true, types: [] };

export class CheckerCore {
  private libs = new Map<string, ts.SourceFile>();
  private missing = new Set<string>();
  private old = new Map<Mode, ts.Program>();
  /** The runtime declarations differ with the globals a script declares; a few variants are kept. */
  private runtimeFiles = new Map<string, ts.SourceFile>();

  constructor(private readonly load: LibLoader) {}

  /** Loads and parses a lib file and every lib it references. */
  private async loadLib(name: string): Promise<void> {
    if (this.libs.has(name) || this.missing.has(name)) return;
    const text = await this.load(name);
    if (text === undefined) {
      this.missing.add(name);
      return;
    }
    const file = ts.createSourceFile(name, text, ts.ScriptTarget.ESNext, false);
    this.libs.set(name, file);
    await Promise.all(file.libReferenceDirectives.map((ref) => this.loadLib(libFileName(ref.fileName))));
  }

  /** A lib file parsed by `warm` or `check`, which the editor's language service shares. */
  parsedLib(name: string): ts.SourceFile | undefined {
    return this.libs.get(name);
  }

  /** The offline runner's globals, less those the code declares itself. */
  runtimeFile(source: ts.SourceFile): ts.SourceFile {
    const declared = ts.isExternalModule(source) ? [] : topLevelNames(source).map((n) => n.text);
    const text = runtimeTypes(new Set(declared));
    let file = this.runtimeFiles.get(text);
    if (!file) {
      if (this.runtimeFiles.size >= 8) this.runtimeFiles.clear();
      file = ts.createSourceFile(RUNTIME_TYPES_FILE, text, ts.ScriptTarget.ESNext, true);
      this.runtimeFiles.set(text, file);
    }
    return file;
  }

  /**
   * Parses the lib files a mode needs and checks an empty file, so the first real check costs
   * what a re-check does (parsing the libs and binding their globals is the slow part).
   */
  async warm(strict = true): Promise<void> {
    if (this.old.has(strict ? LOOP : GRADING)) return;
    await this.check('', { strict });
  }

  async check(code: string, opts: TsCheckOptions): Promise<TsCheckResult> {
    const mode = opts.strict ? LOOP : GRADING;
    await this.loadLib(mode.rootLib);
    const fileName = opts.fileName ?? 'main.ts';
    const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.ESNext, true);
    const runtime = mode.runtime ? this.runtimeFile(source) : undefined;
    const options = { ...shared, ...mode.options };
    const host = this.host([source, ...(runtime ? [runtime] : [])], mode.rootLib);
    const program = ts.createProgram({
      rootNames: [fileName, ...(runtime ? [RUNTIME_TYPES_FILE] : [])],
      options,
      host,
      oldProgram: this.old.get(mode),
    });
    this.old.set(mode, program);
    // As tsc does: when the code does not parse, only the syntax errors are reported.
    const syntax = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(source)];
    const all =
      syntax.length > 0
        ? syntax
        : [
            ...program.getGlobalDiagnostics(),
            ...program.getSemanticDiagnostics(source),
            ...libErrorsCausedBy(program, source),
          ];
    const diagnostics = all.filter((d) => d.category === ts.DiagnosticCategory.Error).map(toDiagnostic);
    const emitted = emitJavaScript(code, source, fileName.replace(/\.tsx?$/, '.js'));
    if (emitted.error !== undefined && diagnostics.length === 0)
      diagnostics.push({ line: 1, column: 1, code: 0, message: `Could not emit JavaScript: ${emitted.error}` });
    return { diagnostics, js: emitted.js };
  }

  private host(roots: ts.SourceFile[], rootLib: string): ts.CompilerHost {
    // The program asks for files by absolute path: `/main.ts`, `/lib/lib.es5.d.ts`.
    const get = (path: string): ts.SourceFile | undefined => {
      const name = path.replace(/^\/(lib\/)?/, '');
      return roots.find((f) => f.fileName === name) ?? this.libs.get(name);
    };
    return {
      getSourceFile: get,
      getDefaultLibFileName: () => `/lib/${rootLib}`,
      getDefaultLibLocation: () => '/lib',
      writeFile: () => undefined,
      getCurrentDirectory: () => '/',
      getDirectories: () => [],
      getCanonicalFileName: (f) => f,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (f) => get(f) !== undefined,
      readFile: (f) => get(f)?.text,
      directoryExists: (d) => d === '/' || d === '/lib',
      getEnvironmentVariable: () => undefined,
      realpath: (f) => f,
    };
  }
}

/** `es2015.core` -> `lib.es2015.core.d.ts`, as TypeScript names the files it ships. */
function libFileName(ref: string): string {
  return `lib.${ref.toLowerCase()}.d.ts`;
}

function toDiagnostic(d: ts.Diagnostic): TsDiagnostic {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  if (!d.file || d.start === undefined) return { line: 1, column: 1, code: d.code, message };
  const pos = d.file.getLineAndCharacterOfPosition(d.start);
  return { line: pos.line + 1, column: pos.character + 1, code: d.code, message };
}
