// Lint gate: typescript-eslint with type information over every TypeScript file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const FRAME_REASON =
  'code in the sandbox frame and its workers runs next to untrusted code: it imports only src/sandbox/frame and src/shared';

/** A config that refuses relative imports matching `regex` in `files`, with the reason as the message. */
function layer(files, regex, reason) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message: reason }] }] } };
}

export default tseslint.config(
  { ignores: ['dist/', 'public/', 'node_modules/', '.bench/', 'src/app/offline/service-worker.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json', './tsconfig.worker.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  // The layers (CONTRIBUTING.md): imports point down the list app -> ui -> loop/classroom -> models/sandbox/store -> shared.
  layer(
    ['src/ui/**/*.ts'],
    '^(\\.\\./)+app/',
    'views are mounted by the page (src/app); they do not reach back up into it',
  ),
  layer(
    ['src/loop/**/*.ts', 'src/classroom/**/*.ts', 'src/models/**/*.ts', 'src/sandbox/**/*.ts', 'src/store/**/*.ts'],
    '^(\\.\\./)+(ui|app)/',
    'the engine, classroom rules, clients, sandbox and store run without a page (the CLI, Node tests): no views or page wiring here',
  ),
  layer(
    ['src/shared/**/*.ts'],
    '^\\.\\./',
    'shared holds pure types and helpers every layer may use, so it imports none of them',
  ),
  // The frame runs beside untrusted code in an opaque origin: only its own files and pure shared ones go in.
  layer(['src/sandbox/frame/*.ts'], '^\\.\\./(?!\\.\\./shared/)', FRAME_REASON),
  layer(['src/sandbox/frame/*/*.ts'], '^\\.\\./\\.\\./(?!\\.\\./shared/)', FRAME_REASON),
);
