/**
 * The import resolver the lint's boundary rules use (eslint-plugin-boundaries reads
 * `import/resolver`): the path aliases of tsconfig.json (@shared, @server, @web, @test) mapped to
 * their folders, then Node's own resolution with TypeScript's extensions. Without it an aliased
 * import would count as an outside package and escape the boundaries.
 */
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');
const { compilerOptions } = require('../tsconfig.json');

const root = path.resolve(__dirname, '..');
/** '@web/*': ['src/web/*'] → ['@web/', '/…/src/web/'] */
const aliases = Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias.replace(/\*$/, ''), path.join(root, compilerOptions.baseUrl, target.replace(/\*$/, ''))]);
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = (source, file) => {
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  return nodeResolver.resolve(alias ? alias[1] + source.slice(alias[0].length) : source, file, { extensions });
};
