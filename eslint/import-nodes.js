// Every kind of node through which a module names another: static imports,
// re-exports, dynamic import() and `typeof import('…')` (a type-only import
// all the same). Rules about imports visit them all with one check.
export function onEveryImport(check) {
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
    TSImportType: check,
  };
}
