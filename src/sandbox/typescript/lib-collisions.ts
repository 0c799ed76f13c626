// Some compiler errors caused by the model's code are reported inside a lib file: a script whose
// `function close(x: number)` merges with the DOM's `close()` fails in lib.dom.d.ts, not in the
// script. tsc checks every lib file to find these; checking them all on every call is too slow,
// so only lib files that declare a name the code also declares at the top level are checked,
// and their errors are reported at the model's own declaration.
import ts from 'typescript';

interface Collision {
  /** The model's declaration name. */
  name: ts.Identifier;
  /** Declarations of the same global in lib files. */
  libDecls: ts.Declaration[];
}

/** The names a file declares at its top level. */
export function topLevelNames(source: ts.SourceFile): ts.Identifier[] {
  const names: ts.Identifier[] = [];
  const bindings = (n: ts.BindingName): void => {
    if (ts.isIdentifier(n)) names.push(n);
    else for (const e of n.elements) if (!ts.isOmittedExpression(e)) bindings(e.name);
  };
  for (const s of source.statements) {
    if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) bindings(d.name);
    else if (
      (ts.isFunctionDeclaration(s) ||
        ts.isClassDeclaration(s) ||
        ts.isInterfaceDeclaration(s) ||
        ts.isTypeAliasDeclaration(s) ||
        ts.isEnumDeclaration(s) ||
        ts.isModuleDeclaration(s)) &&
      s.name &&
      ts.isIdentifier(s.name)
    )
      names.push(s.name);
  }
  return names;
}

function collisions(program: ts.Program, source: ts.SourceFile): Collision[] {
  // A module's top-level names are its own; only a script's merge with the globals.
  if (ts.isExternalModule(source)) return [];
  const checker = program.getTypeChecker();
  const found: Collision[] = [];
  for (const name of topLevelNames(source)) {
    const decls = checker.getSymbolAtLocation(name)?.declarations ?? [];
    const libDecls = decls.filter((d) => d.getSourceFile() !== source);
    if (libDecls.length > 0) found.push({ name, libDecls });
  }
  return found;
}

/** Errors in lib files that the code's own top-level declarations cause, placed at those declarations. */
export function libErrorsCausedBy(program: ts.Program, source: ts.SourceFile): ts.Diagnostic[] {
  const found = collisions(program, source);
  const files = new Set(found.flatMap((c) => c.libDecls.map((d) => d.getSourceFile())));
  const out: ts.Diagnostic[] = [];
  for (const file of files) {
    for (const d of program.getSemanticDiagnostics(file)) {
      if (d.category !== ts.DiagnosticCategory.Error) continue;
      const at = d.start ?? 0;
      const cause =
        found.find((c) => c.libDecls.some((l) => l.getSourceFile() === file && l.pos <= at && at <= l.end)) ?? found[0];
      if (!cause) continue;
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const where = file.fileName.replace(/^.*\//, '');
      out.push({
        ...d,
        file: source,
        start: cause.name.getStart(source),
        length: cause.name.getWidth(source),
        messageText: `${text} (in ${where}, which also declares '${cause.name.getText(source)}')`,
      });
    }
  }
  return out;
}
