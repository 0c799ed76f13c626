// The editor's completions, hovers and signature help: TypeScript's language service over the
// editor's text, with the loop's options, the ES library and the offline runner's globals (so
// `require('node:assert').` offers what the tests use). It shares the lib files the checker has
// parsed: no second copy is parsed or kept. JavaScript is served by the same service with
// `allowJs` (types inferred, `checkJs` off).
import ts from 'typescript';
import type {
  IntelCompletions,
  IntelInfo,
  IntelLanguage,
  IntelRequest,
  IntelSignatures,
} from '../../shared/code-intel.ts';
import { LOOP, type CheckerCore } from './checker-core.ts';
import { RUNTIME_TYPES_FILE } from './runtime-types.ts';

const LIB_DIR = '/lib/';
/** The version every shared lib file has: they never change. */
const LIB_VERSION = 'lib';

const text = (parts: ts.SymbolDisplayPart[] | undefined): string => ts.displayPartsToString(parts);

export class ServiceCore {
  private code = '';
  private language: IntelLanguage = 'typescript';
  private version = 0;
  private runtime: ts.SourceFile | undefined;
  private readonly service: ts.LanguageService;

  constructor(private readonly core: CheckerCore) {
    this.service = ts.createLanguageService(this.host(), this.registry());
  }

  private get fileName(): string {
    return this.language === 'typescript' ? '/main.ts' : '/main.js';
  }

  /** Brings the service's file up to the request's text; the lib files are parsed on the first call. */
  private async sync(req: IntelRequest): Promise<void> {
    await this.core.warm(true);
    if (req.code === this.code && req.language === this.language && this.runtime) return;
    this.code = req.code;
    this.language = req.language;
    this.version++;
    const parsed = ts.createSourceFile(this.fileName, req.code, ts.ScriptTarget.ESNext, false);
    this.runtime = this.core.runtimeFile(parsed);
  }

  async completions(req: IntelRequest): Promise<IntelCompletions | undefined> {
    await this.sync(req);
    const found = this.service.getCompletionsAtPosition(this.fileName, req.position, {
      includeCompletionsWithInsertText: true,
      includeCompletionsForModuleExports: false,
    });
    if (!found) return undefined;
    let from = req.position;
    while (from > 0 && /[\w$]/.test(req.code[from - 1]!)) from--;
    const entries = found.entries
      .filter((e) => e.source === undefined)
      .map((e) => ({
        name: e.name,
        kind: e.kind,
        sortText: e.sortText,
        ...(e.insertText !== undefined && e.insertText !== e.name ? { insertText: e.insertText } : {}),
        ...(e.replacementSpan
          ? { replace: { from: e.replacementSpan.start, to: e.replacementSpan.start + e.replacementSpan.length } }
          : {}),
      }));
    return { from, to: req.position, entries };
  }

  async completionDetails(req: IntelRequest & { name: string }): Promise<IntelInfo | undefined> {
    await this.sync(req);
    const d = this.service.getCompletionEntryDetails(
      this.fileName,
      req.position,
      req.name,
      {},
      undefined,
      {},
      undefined,
    );
    if (!d) return undefined;
    return { signature: text(d.displayParts), documentation: docs(d.documentation, d.tags) };
  }

  async quickInfo(req: IntelRequest): Promise<IntelInfo | undefined> {
    await this.sync(req);
    const q = this.service.getQuickInfoAtPosition(this.fileName, req.position);
    if (!q) return undefined;
    return {
      from: q.textSpan.start,
      to: q.textSpan.start + q.textSpan.length,
      signature: text(q.displayParts),
      documentation: docs(q.documentation, q.tags),
    };
  }

  async signatureHelp(req: IntelRequest): Promise<IntelSignatures | undefined> {
    await this.sync(req);
    const h = this.service.getSignatureHelpItems(this.fileName, req.position, undefined);
    if (!h) return undefined;
    return {
      items: h.items.map((i) => ({
        prefix: text(i.prefixDisplayParts),
        parameters: i.parameters.map((p) => text(p.displayParts)),
        separator: text(i.separatorDisplayParts),
        suffix: text(i.suffixDisplayParts),
        documentation: text(i.documentation),
      })),
      selected: h.selectedItemIndex,
      argument: h.argumentIndex,
    };
  }

  private host(): ts.LanguageServiceHost {
    const libName = (f: string): string | undefined => (f.startsWith(LIB_DIR) ? f.slice(LIB_DIR.length) : undefined);
    const read = (f: string): string | undefined => {
      if (f === this.fileName) return this.code;
      if (f === `/${RUNTIME_TYPES_FILE}`) return this.runtime?.text;
      const lib = libName(f);
      return lib === undefined ? undefined : this.core.parsedLib(lib)?.text;
    };
    return {
      getCompilationSettings: () => ({
        ...LOOP.options,
        noEmit: true,
        types: [],
        ...(this.language === 'javascript' ? { allowJs: true, checkJs: false } : {}),
      }),
      getScriptFileNames: () => [this.fileName, `/${RUNTIME_TYPES_FILE}`],
      getScriptVersion: (f) => {
        if (f === this.fileName) return String(this.version);
        if (f === `/${RUNTIME_TYPES_FILE}`) return this.runtime?.text ?? '';
        return LIB_VERSION;
      },
      getScriptSnapshot: (f) => {
        const t = read(f);
        return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
      },
      getCurrentDirectory: () => '/',
      getDefaultLibFileName: () => `${LIB_DIR}${LOOP.rootLib}`,
      fileExists: (f) => read(f) !== undefined,
      readFile: read,
      directoryExists: (d) => d === '/' || d === '/lib',
      getDirectories: () => [],
      useCaseSensitiveFileNames: () => true,
    };
  }

  /** A document registry that hands out the checker's own parsed lib files. */
  private registry(): ts.DocumentRegistry {
    const base = ts.createDocumentRegistry(true, '/');
    const lib = (fileName: string): ts.SourceFile | undefined => {
      if (!fileName.startsWith(LIB_DIR)) return undefined;
      const file = this.core.parsedLib(fileName.slice(LIB_DIR.length));
      // The service tells an unchanged file by its version, which the checker's files lack.
      if (file) (file as unknown as { version?: string }).version = LIB_VERSION;
      return file;
    };
    return {
      ...base,
      acquireDocument: (fileName, ...rest) => lib(fileName) ?? base.acquireDocument(fileName, ...rest),
      acquireDocumentWithKey: (fileName, ...rest) => lib(fileName) ?? base.acquireDocumentWithKey(fileName, ...rest),
      updateDocument: (fileName, ...rest) => lib(fileName) ?? base.updateDocument(fileName, ...rest),
      updateDocumentWithKey: (fileName, ...rest) => lib(fileName) ?? base.updateDocumentWithKey(fileName, ...rest),
      releaseDocument: (fileName: string, settings: ts.CompilerOptions, kind?: ts.ScriptKind) => {
        if (!fileName.startsWith(LIB_DIR)) base.releaseDocument(fileName, settings, kind);
      },
      releaseDocumentWithKey: (
        path: ts.Path,
        key: ts.DocumentRegistryBucketKey,
        kind: ts.ScriptKind,
        format?: ts.ResolutionMode,
      ) => {
        if (!path.startsWith(LIB_DIR)) base.releaseDocumentWithKey(path, key, kind, format);
      },
    };
  }
}

/** Documentation text, then the JSDoc tags (`@param a the first`) one a line. */
function docs(documentation: ts.SymbolDisplayPart[] | undefined, tags: ts.JSDocTagInfo[] | undefined): string {
  const tagLines = (tags ?? []).map((t) => `@${t.name}${t.text ? ` ${text(t.text)}` : ''}`);
  return [text(documentation), ...tagLines].filter((s) => s !== '').join('\n');
}
