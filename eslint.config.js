// ESLint flat config: typescript-eslint's type-checked rules for every TypeScript file, and
// eslint-plugin-regexp with its super-linear rules as errors, because urlkit runs regular
// expressions over bytes that strangers send.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  regexp.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] },
          ],
        },
      ],
      // Leaving a key out of a copy by rest destructuring (`const { secret: _s, ...rest } = o`) is the
      // idiom for omitting it; the named sibling is there to be dropped, not forgotten.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreStrings: false,
          ignoreTemplateLiterals: false,
          ignoreRegExpLiterals: false,
          // A test's title is one sentence on its call's line: prettier keeps `it('...', async () => {`
          // whole on purpose, and a title copied from a failing run's output must grep to its test.
          ignorePattern: String.raw`^\s*(?:it|test|describe|suite)\(['"\x60]`,
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
