// The linter: unused code, duplicate imports and promises nobody waits for, in every TypeScript
// and Svelte file. Formatting is Prettier's; import layering is dependency-cruiser's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'release/',
      'test-results/',
      'playwright-report/',
      '.electron-native/',
      'src-main/tables/fixtures/',
      'src-main/db/fixtures/',
      'src-main/odds/dive-sim-worker-source.mjs',
      'src-main/db/open-check-worker-source.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // A Map or Set built inside a $derived or a function is local, not state to make reactive.
      'svelte/prefer-svelte-reactivity': 'off',
      // Prettier writes {' '} to keep a space between inline elements.
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    // SQL lives in the database layer, and the engine steps its machines purely: no actor is made to read a value.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/db/**', 'src-main/**/*.test.ts', 'src-main/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'SQL statements are prepared in src-main/db only.',
        },
        {
          selector: "CallExpression[callee.name='createActor']",
          message: 'Step machines with transition() on their snapshots; actors belong to tests.',
        },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
