// TypeScript to JavaScript with every statement on its original line, so a stack trace of the
// emitted code points at the line the model wrote. Sucrase only removes types (it keeps each
// line on its line by design); TypeScript's own emit reprints code and moves lines.
import { transform } from 'sucrase';
import ts from 'typescript';
import { errorMessage } from '../../shared/error-message.ts';

export interface Emitted {
  js: string;
  /** Set when the code could not be emitted; the checker turns it into a diagnostic. */
  error?: string;
}

/**
 * A namespace that holds values: sucrase drops it silently, so such code goes through
 * TypeScript's emit instead (lines may move there, but the program does what it says).
 */
function hasValueNamespace(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isModuleDeclaration(node)) {
      if (!isDeclared(node) && !ts.isStringLiteral(node.name) && holdsValues(node)) found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function holdsValues(node: ts.ModuleDeclaration): boolean {
  const body = node.body;
  if (!body) return false;
  if (ts.isModuleDeclaration(body)) return holdsValues(body);
  if (!ts.isModuleBlock(body)) return false;
  return body.statements.some(
    (s) =>
      !ts.isInterfaceDeclaration(s) &&
      !ts.isTypeAliasDeclaration(s) &&
      !(ts.isModuleDeclaration(s) && !holdsValues(s)) &&
      !isDeclared(s),
  );
}

function isDeclared(s: ts.Statement): boolean {
  return ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
}

/**
 * TypeScript 6 always emits "use strict" for a script; it goes on the first line, in front of
 * the code, so no line moves.
 */
const USE_STRICT = '"use strict";';

export function emitJavaScript(code: string, source: ts.SourceFile, fileName: string): Emitted {
  if (hasValueNamespace(source)) {
    const out = ts.transpileModule(code, {
      fileName,
      compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.Preserve, alwaysStrict: true },
    });
    return { js: out.outputText.startsWith(USE_STRICT) ? out.outputText : USE_STRICT + out.outputText };
  }
  try {
    const out = transform(code, { transforms: ['typescript'], disableESTransforms: true, filePath: fileName });
    return { js: USE_STRICT + out.code };
  } catch (err) {
    return { js: '', error: errorMessage(err) };
  }
}
