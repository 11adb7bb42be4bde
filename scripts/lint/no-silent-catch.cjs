'use strict';
// A rule of this repository's own (eslint.config.mjs: local/no-silent-catch); tested in no-silent-catch.spec.ts.

/** `null`, `false`, `undefined`, `void 0`: what a swallowing catch typically answers. */
function isNothing(node) {
  if (!node) return true;
  if (node.type === 'Literal') return node.value === null || node.value === false;
  if (node.type === 'Identifier') return node.name === 'undefined';
  if (node.type === 'UnaryExpression') return node.operator === 'void';
  return false;
}

/** A block that only answers "nothing": `{}`, `{ return null; }`, `{ return; }`... */
function answersNothing(block) {
  return block.body.every((st) => st.type === 'ReturnStatement' && isNothing(st.argument));
}

/**
 * local/no-silent-catch: a `catch` whose whole body is `return null` / `return false` / `return` (or
 * nothing at all), and a `.catch(() => null)` / `.catch(() => undefined)` / `.catch(() => {})`, hide a
 * failure; each needs a comment saying why that is right (inside it, or on its line or the line above).
 * A catch that does anything else (logs, rethrows, maps the error, sets state) passes.
 */
const noSilentCatch = {
  meta: { type: 'problem', messages: { silent: '{{what}} swallows the error: handle it (log, rethrow, map), or say why in a comment inside it or on the line above.' }, schema: [] },
  create(context) {
    const source = context.sourceCode;
    const explained = (node) => {
      if (source.getCommentsInside(node).length) return true;
      let stmt = node;
      while (stmt.parent && !/Statement|Declaration$/.test(stmt.type)) stmt = stmt.parent;
      const lines = new Set([node.loc.start.line, node.loc.start.line - 1, stmt.loc.start.line, stmt.loc.start.line - 1]);
      return source.getAllComments().some((c) => lines.has(c.loc.end.line) && c.loc.end.line <= node.loc.start.line);
    };
    return {
      CatchClause(node) {
        if (answersNothing(node.body) && !explained(node)) context.report({ node, messageId: 'silent', data: { what: node.body.body.length ? 'This catch' : 'An empty catch' } });
      },
      'CallExpression[callee.property.name="catch"]'(node) {
        const fn = node.arguments[0];
        if (!fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return;
        const silent = fn.body.type === 'BlockStatement' ? answersNothing(fn.body) : isNothing(fn.body);
        if (silent && !explained(node)) context.report({ node: fn, messageId: 'silent', data: { what: '.catch(() => …)' } });
      },
    };
  },
};

module.exports = noSilentCatch;
