// An action's code, highlighted and read-only: spans with CodeMirror's class names (coloured from
// the editor's palette in style.css), so a long transcript holds no editors.
import { javascriptLanguage } from '@codemirror/lang-javascript';
import { pythonLanguage } from '@codemirror/lang-python';
import { classHighlighter, highlightCode } from '@lezer/highlight';
import type { AgentLanguage } from '../../shared/agent.ts';
import { h } from '../common/dom.ts';

export function codeBlock(code: string, language: AgentLanguage): HTMLElement {
  const out = h('code', { class: `language-${language}` });
  const parser = language === 'python' ? pythonLanguage.parser : javascriptLanguage.parser;
  highlightCode(
    code,
    parser.parse(code),
    classHighlighter,
    (text, classes) => out.append(classes ? h('span', { class: classes }, text) : document.createTextNode(text)),
    () => out.append('\n'),
  );
  return h(
    'pre',
    { class: 'agent-code', tabindex: 0, 'aria-label': `${language === 'python' ? 'Python' : 'JavaScript'} code` },
    out,
  );
}
