// Finds the error texts written in the server's source, for tests/unit/error-messages.test.ts: every
// literal that can become a message of an error body. Read with the TypeScript parser, so a text split
// over lines, a template literal or a ternary's branches are found as the code writes them.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

export interface ErrorLiteral {
  /** `file:line` under server/src. */
  where: string;
  /** The text; a template literal's `${...}` parts are written `${}`. */
  text: string;
}

// Helpers whose message is the given argument (errors.ts), and where.
const MESSAGE_ARG: Record<string, number> = {
  fieldError: 1,
  badRequest: 0,
  conflict: 0,
  forbidden: 0,
  notFound: 0,
  gone: 0,
  unavailable: 0,
  tooLarge: 0,
  unauthorized: 0,
  overLimit: 0,
};
// zod checks whose last argument is the message: .max(n, '...'), .regex(re, '...'), .refine(fn, '...').
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'startsWith',
  'endsWith',
  'includes',
]);
// Properties holding a message: zod's { error }, a result's { message } / { reason }, a body's { detail }.
const MESSAGE_PROPS = new Set(['error', 'message', 'reason', 'detail']);
// Not error texts of requests: catalogues, settings' descriptions, seed content, schemas, e-mails, the
// host's start-up checks and the operator's health page and payment records (operator notes, stored).
// canvas-data.ts describes a malformed design to the developer of a client (lower-case JSON paths).
const SKIPPED = new RegExp(
  [
    '^platform/(i18n|config|host|email)/',
    '^areas/catalogue/(seed|content-manager)/',
    '^areas/[^/]+/seed/',
    '^areas/[^/]+/content-types/',
    '^platform/db/(define-content-type|content-manager-views)\\.ts$',
    // e-mails: beside the feature that sends them
    '^areas/.*(^|/|-)emails?\\.ts$',
    '^platform/designs/canvas-data\\.ts$',
    '^areas/rendering/rules/print-layout\\.ts$',
    '^areas/(operations/service-health|payments/payment-issues|orders/refunds-service)\\.ts$',
  ].join('|'),
);

// A sentence (labels such as "Tags (groups)" are not messages), or a template ending in a message.
const SENTENCE = /^(["“A-Z]|\$\{\}).*[A-Za-z]{2,}.*([.!?]|\$\{\})$/s;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

/** The literal texts an expression can evaluate to: both arms of a ternary or `??`, an arrow's body. */
function textsOf(node: ts.Node, source: ts.SourceFile): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join('')];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression, source);
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue, source), ...textsOf(node.whenFalse, source)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return [...textsOf(node.left, source), ...textsOf(node.right, source)];
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body) ? [] : textsOf(node.body, source);
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => textsOf(e, source));
  return [];
}

const calleeName = (call: ts.CallExpression): string =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : '';

/** The message expressions of one node, if it is one of the places a message is written. */
function messagesAt(node: ts.Node): ts.Node[] {
  if (ts.isCallExpression(node)) {
    const name = calleeName(node);
    const args = node.arguments;
    if (name in MESSAGE_ARG && args.length > MESSAGE_ARG[name]) return [args[MESSAGE_ARG[name]]];
    // FieldErrorCollector's .add(field, '...') and the local add(field, '...') helpers.
    if (name === 'add' && args.length === 2) return [args[1]];
    // problems.push('...'): lists of messages joined or thrown together.
    if (
      name === 'push' &&
      ts.isPropertyAccessExpression(node.expression) &&
      /problems|errors/i.test(node.expression.expression.getText())
    )
      return [...args];
    if (ZOD_CHECKS.has(name) && args.length >= 1) return [args[args.length - 1]];
  }
  if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_PROPS.has(node.name.text))
    return [node.initializer];
  // errors.field = ['...'], errors[field] = [...], problems.postcode = '...'.
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    /^(errors|problems)\b/.test(node.left.getText())
  )
    return [node.right];
  // const NOT_FOUND = '...' and constant tables of messages (const MSG = { past: '...' }).
  if (
    ts.isVariableDeclaration(node) &&
    ts.isIdentifier(node.name) &&
    /^[A-Z][A-Z0-9_]*$/.test(node.name.text) &&
    node.initializer
  ) {
    const init = node.initializer;
    if (ts.isObjectLiteralExpression(init))
      return init.properties.filter(ts.isPropertyAssignment).map((p) => p.initializer);
    return [init];
  }
  return [];
}

/** Every error text in the server's source under `root` (server/src). */
export function errorLiterals(root: string): ErrorLiteral[] {
  const found: ErrorLiteral[] = [];
  for (const file of filesUnder(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (SKIPPED.test(relative)) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      for (const expression of messagesAt(node)) {
        for (const text of textsOf(expression, source)) {
          if (!SENTENCE.test(text) || !/\s/.test(text)) continue;
          found.push({
            where: `${relative}:${source.getLineAndCharacterOfPosition(expression.getStart()).line + 1}`,
            text,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * Every string literal under `root` (server/src) that is exactly one of `texts` (the catalogue's
 * English texts), wherever it is written: a message returned, thrown in an Error or kept in a
 * variable is found too, not only those at the places errorLiterals knows. The catalogues are left out.
 */
export function catalogueTextLiterals(root: string, texts: ReadonlySet<string>): ErrorLiteral[] {
  const found: ErrorLiteral[] = [];
  for (const file of filesUnder(root)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (relative.startsWith('platform/i18n/messages/')) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && texts.has(node.text))
        found.push({
          where: `${relative}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
          text: node.text,
        });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
