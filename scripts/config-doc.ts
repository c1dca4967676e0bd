// docs/configuration.md, generated from src/config/config.ts and defaults.ts: the variables and what each
// accepts come from loadConfig's reader calls, the meanings from the Config interface's doc
// comments, the defaults from defaultConfig() itself. So a setting is documented where it is
// declared, and test/unit/docs/configuration.test.ts fails when the page and the code differ.
// `npm run docs:config` rewrites the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { defaultConfig, type Config } from '../src/config/config.js';

const root = new URL('../../', import.meta.url);
export const CONFIG_SOURCE = 'src/config/config.ts';
/** Where DEFAULTS is written: the settings it holds have a fixed default (the others are computed at start). */
export const DEFAULTS_SOURCE = 'src/config/defaults.ts';
export const CONFIG_DOC = 'docs/configuration.md';

export interface Setting {
  variable: string;
  key: keyof Config;
  accepts: string;
  default: string;
  meaning: string;
}

/** A whole number written in the source (`64 * 1024 * 1024`, `1_000_000`). */
function evaluate(node: ts.Expression): number {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return evaluate(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AsteriskToken)
    return evaluate(node.left) * evaluate(node.right);
  throw new Error(`${CONFIG_SOURCE}: cannot read the number ${node.getText()}`);
}

const count = (n: number) => n.toLocaleString('en-US');

/** What a reader call accepts, in words, from the helper that reads the variable. */
function accepts(helper: string, args: readonly ts.Expression[]): string {
  switch (helper) {
    case 'int':
      return `${count(evaluate(args[2]!))} to ${count(evaluate(args[3]!))}`;
    case 'bool':
      return '`true` or `false`';
    case 'list':
      return 'comma-separated list';
    case 'hostList':
      return 'comma-separated host names or addresses, or `*`';
    case 'proxyList':
      return 'comma-separated addresses, ranges (`10.0.0.0/8`) or `loopback`, `linklocal`, `uniquelocal`';
    case 'cidrList':
      return 'comma-separated address ranges (`10.1.0.0/16`, `fd00::/8`)';
    case 'oneOf': {
      let values = args[2]!;
      while (ts.isAsExpression(values)) values = values.expression;
      if (!ts.isArrayLiteralExpression(values)) throw new Error(`${CONFIG_SOURCE}: oneOf without a list`);
      return values.elements.map((v) => `\`${(v as ts.StringLiteral).text}\``).join(', ');
    }
    case 'proxy':
      return '`http://` or `https://` URL';
    case 'redis':
      return '`redis://` or `rediss://` URL';
    case 'executable':
      return 'absolute path of an executable file';
    default:
      throw new Error(`${CONFIG_SOURCE}: the reader ${helper}() is not described in scripts/config-doc.ts`);
  }
}

/** The comment of an interface member, on one line, without its tags. */
function comment(member: ts.Node): { text: string; defaultTag: string | undefined } {
  let text = '';
  let defaultTag: string | undefined;
  for (const doc of ts.getJSDocCommentsAndTags(member)) {
    if (!ts.isJSDoc(doc)) continue;
    text += ts.getTextOfJSDocComment(doc.comment) ?? '';
    for (const tag of doc.tags ?? []) {
      if (tag.tagName.text === 'default') defaultTag = ts.getTextOfJSDocComment(tag.comment)?.trim();
    }
  }
  return { text: text.replace(/\s+/g, ' ').trim(), defaultTag };
}

function shownDefault(value: unknown, defaultTag: string | undefined, computed: boolean): string {
  if (computed) return defaultTag ? `\`${defaultTag}\`` : '(computed at start)';
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value) && value.length === 0) return '(empty)';
  return `\`${Array.isArray(value) ? value.join(',') : JSON.stringify(value).replace(/^"|"$/g, '')}\``;
}

/** The sources readSettings reads: config.ts, then defaults.ts. */
export function configSources(): string {
  return [CONFIG_SOURCE, DEFAULTS_SOURCE].map((path) => readFileSync(new URL(path, root), 'utf8')).join('\n');
}

/** Every setting loadConfig reads, in its order, from the sources of config.ts and defaults.ts (configSources). */
export function readSettings(source: string): Setting[] {
  const file = ts.createSourceFile(CONFIG_SOURCE, source, ts.ScriptTarget.ES2022, true);
  const members = new Map<string, ts.Node>();
  const defaultsKeys = new Set<string>();
  let readers: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Config') {
      for (const m of node.members) if (m.name && ts.isIdentifier(m.name)) members.set(m.name.text, m);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'DEFAULTS') {
      const init = node.initializer;
      if (init && ts.isObjectLiteralExpression(init))
        for (const p of init.properties) if (p.name && ts.isIdentifier(p.name)) defaultsKeys.add(p.name.text);
    } else if (ts.isFunctionDeclaration(node) && node.name?.text === 'loadConfig') {
      const find = (n: ts.Node): void => {
        if (!readers && ts.isCallExpression(n) && n.expression.getText() === 'pick') {
          const arg = n.arguments[0];
          if (arg && ts.isObjectLiteralExpression(arg)) readers = arg;
        }
        ts.forEachChild(n, find);
      };
      find(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!readers) throw new Error(`${CONFIG_SOURCE}: loadConfig reads no settings through pick({...})`);

  const defaults = defaultConfig();
  const out: Setting[] = [];
  for (const p of readers.properties) {
    if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
    const key = p.name.text as keyof Config;
    const init = p.initializer;
    let variable: string;
    let accepted: string;
    if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && ts.isStringLiteral(init.arguments[1]!)) {
      variable = init.arguments[1].text;
      accepted = accepts(init.expression.text, init.arguments);
    } else {
      // `env.HOST?.trim() || undefined`: a string taken as it is
      const m = /\benv\.([A-Z_]+)/.exec(init.getText());
      if (!m) throw new Error(`${CONFIG_SOURCE}: cannot tell which variable sets ${key}`);
      variable = m[1]!;
      accepted = 'text';
    }
    const member = members.get(key);
    if (!member) throw new Error(`${CONFIG_SOURCE}: ${key} is read but not declared in Config`);
    const { text, defaultTag } = comment(member);
    if (!text) throw new Error(`${CONFIG_SOURCE}: Config.${key} (${variable}) has no doc comment`);
    out.push({
      variable,
      key,
      accepts: accepted,
      default: shownDefault(defaults[key], defaultTag, !defaultsKeys.has(key)),
      meaning: text.replace(/\|/g, '\\|'),
    });
  }
  return out;
}

export function configurationDoc(settings: readonly Setting[]): string {
  const rows = settings.map((s) => `| \`${s.variable}\` | ${s.default} | ${s.accepts} | ${s.meaning} |`);
  return `# Configuration

<!-- Generated from ${CONFIG_SOURCE} by \`npm run docs:config\`; edit the doc comments there. -->

Every setting is an environment variable, read once at start by \`loadConfig\`
(\`${CONFIG_SOURCE}\`), the only code that reads the environment. The server, the CLI, the MCP
server and \`urlkit worker\` read the same variables. A value outside what a setting accepts stops
start-up with a one-line message naming the variable (exit 1); an empty value counts as unset.
A \`URLKIT_*\` variable that is none of these (a typo such as \`URLKIT_ALLOW_CIDR\`) is logged as a
warning at start, naming the closest setting.

| variable | default | accepts | meaning |
|---|---|---|---|
${rows.join('\n')}
`;
}

export function generate(): string {
  return configurationDoc(readSettings(configSources()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL(CONFIG_DOC, root), generate());
  console.log(`wrote ${CONFIG_DOC}`);
}
