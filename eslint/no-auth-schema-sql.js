// The auth schema has one owner, as GoTrue's models/ package is the one owner
// of its tables: the functions in server/src/auth/accounts/ and sessions/
// (and the machinery beside them). An endpoint or an operator's command that
// wrote its own SQL against those tables would be a second place where, say,
// a new password is stored without ending the sessions it should end. This
// rule reports any string or template literal, or a concatenation of them,
// that names an auth table together with an SQL verb, in the files
// eslint.config.js turns it on for.

const AUTH_TABLE =
  /\bauth\.(users|identities|sessions|refresh_tokens|one_time_tokens|flow_state|rate_limits|mfa_\w+)\b/;
const SQL_VERB = /\b(select|insert|update|delete|merge|truncate)\b/i;

const isConcatenation = (node) => node?.type === 'BinaryExpression' && node.operator === '+';

/** The text of a literal, with each `${…}` of a template, or other operand, as a blank. */
function literalText(node) {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? node.value : ' ';
    case 'TemplateLiteral':
      return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
    case 'BinaryExpression':
      // 'DELETE FROM ' + 'auth.sessions' is read as one string.
      if (node.operator === '+') return literalText(node.left) + literalText(node.right);
      return ' ';
    default:
      return ' ';
  }
}

export const noAuthSchemaSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid SQL on the auth schema outside auth/accounts/ and its peers' },
    schema: [],
    messages: {
      authSql:
        'SQL on {{table}} belongs in a function of server/src/auth/accounts/ or sessions/ ' +
        '(docs/architecture.md 5); call that function here.',
    },
  },
  create(context) {
    const check = (node) => {
      // A piece of a concatenation is read with the whole of it.
      if (isConcatenation(node.parent)) return;
      const text = literalText(node);
      if (!SQL_VERB.test(text)) return;
      const table = AUTH_TABLE.exec(text);
      if (table) context.report({ node, messageId: 'authSql', data: { table: table[0] } });
    };
    return {
      Literal: check,
      TemplateLiteral: check,
      BinaryExpression: (node) => {
        if (isConcatenation(node)) check(node);
      },
    };
  },
};

export default { rules: { 'no-auth-schema-sql': noAuthSchemaSql } };
