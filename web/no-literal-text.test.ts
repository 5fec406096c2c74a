/**
 * No component shows a text of its own: every visible text comes from the catalogues (web/locales)
 * through t(…), so that it exists in every language. Each component (web/**\/*.tsx, tests, their
 * helpers and the test harness aside) is parsed, and these are refused when they hold a letter:
 *   - text written between tags (<p>Hello</p>), or a string put there ({'Hello'}, {on ? 'Yes' : 'No'});
 *   - a string given as an attribute that is read or heard: aria-label, aria-description, title,
 *     placeholder, alt, label; and a string given as a component's description, message, text or
 *     emptyText prop when it looks like words (a space or a capital letter, not an id or a class);
 *   - a string given to a toast (notify.success/error/info/warning, showToast, toast…), in the
 *     components and in the web app's other modules.
 * Attributes that are never shown (className, href, to, id, key, type, role, name, data-*, …) are
 * not looked at. The few texts that are the same in every language are listed below, each with why.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The tests run from the project's root (vitest.config.ts).
const root = process.cwd();
const webDir = path.join(root, 'web');

/** Texts that no language translates: file (from the project's root) and the exact text. */
const allowed: readonly { file: string; text: string; why: string }[] = [];

/** Read or heard by the visitor: any letter in them is a text to translate. */
const visibleAttributes = new Set(['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label']);
/** Props that usually carry a text; a string is refused when it looks like words. */
const textProps = new Set(['description', 'message', 'text', 'emptyText']);
const toastKinds = new Set(['success', 'error', 'info', 'warning', 'message', 'loading']);

const hasLetter = (text: string) => /\p{L}/u.test(text);
const looksLikeWords = (text: string) => hasLetter(text) && (/\s/.test(text.trim()) || /\p{Lu}/u.test(text));

type Finding = { file: string; line: number; kind: string; text: string };

function sourceFiles(): string[] {
  return (fs.readdirSync(webDir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    // Tests and their helpers (the same files the lint counts as tests), and the test harness, are not shown to anyone.
    .filter((name) => !/(\.test|(^|\/)test-(support|fixtures|utils))\.tsx?$/.test(name) && !name.startsWith('test/'))
    .map((name) => `web/${name}`)
    .sort();
}

/** The strings an expression gives directly: itself, or the branches of a ?:, ?? or || (parentheses aside). */
function directStrings(expression: ts.Expression | undefined): ts.StringLiteralLike[] {
  if (!expression) return [];
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression)) return directStrings(expression.expression);
  if (ts.isConditionalExpression(expression)) return [...directStrings(expression.whenTrue), ...directStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(expression.operatorToken.kind)) {
    // `on && 'Text'` shows its right side only; `a ?? 'Text'` and `a || 'Text'` either.
    return expression.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
      ? directStrings(expression.right)
      : [...directStrings(expression.left), ...directStrings(expression.right)];
  }
  return [];
}

/** Whether a call shows a toast: notify.error(…), toast(…), toast.success(…), showToast(…). */
function isToastCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'toast' || callee.text === 'showToast';
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    return ['notify', 'toast'].includes(callee.expression.text) && toastKinds.has(callee.name.text);
  }
  return false;
}

function findLiterals(file: string): Finding[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, kind: string, value: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    findings.push({ file, line, kind, text: value.trim().replace(/\s+/g, ' ') });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && hasLetter(node.text.trim())) report(node, 'text', node.text);

    // {'Text'} or {on ? 'Yes' : 'No'} between tags.
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const literal of directStrings(node.expression)) if (hasLetter(literal.text)) report(literal, 'text', literal.text);
    }

    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const strings = ts.isStringLiteral(node.initializer)
        ? [node.initializer]
        : ts.isJsxExpression(node.initializer)
          ? directStrings(node.initializer.expression)
          : [];
      for (const literal of strings) {
        if (visibleAttributes.has(name) ? hasLetter(literal.text) : textProps.has(name) && looksLikeWords(literal.text)) {
          report(literal, name, literal.text);
        }
      }
    }

    if (ts.isCallExpression(node) && isToastCall(node)) {
      // showToast's first argument is the toast's kind.
      const shown = ts.isIdentifier(node.expression) && node.expression.text === 'showToast' ? node.arguments.slice(1) : node.arguments;
      for (const argument of shown) {
        const strings = ts.isObjectLiteralExpression(argument)
          ? argument.properties.flatMap((property) =>
              ts.isPropertyAssignment(property) && ['title', 'description'].includes(property.name.getText(source))
                ? directStrings(property.initializer)
                : [],
            )
          : directStrings(argument);
        for (const literal of strings) if (hasLetter(literal.text)) report(literal, 'toast', literal.text);
      }
    }

    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('the components', () => {
  const files = sourceFiles();
  const findings = files.flatMap(findLiterals);

  it('are found', () => {
    expect(files.filter((file) => file.endsWith('.tsx')).length).toBeGreaterThan(0);
  });

  it('show no text of their own: every text comes from the catalogues', () => {
    const refused = findings
      .filter((finding) => !allowed.some((entry) => entry.file === finding.file && entry.text === finding.text))
      .map((finding) => `${finding.file}:${finding.line} ${finding.kind}: ${JSON.stringify(finding.text)}`);
    expect(refused).toEqual([]);
  });

  it('allow only texts that are still there', () => {
    const stale = allowed
      .filter((entry) => !findings.some((finding) => finding.file === entry.file && finding.text === entry.text))
      .map((entry) => `${entry.file}: ${JSON.stringify(entry.text)}`);
    expect(stale).toEqual([]);
  });
});
