/**
 * The import resolver the lint's boundary rules use (eslint-plugin-boundaries reads
 * `import/resolver`): the path aliases of tsconfig.json (@shared, @server, @web, @test) mapped to
 * their folders, the workspace packages (packages/<name>, by the name in their package.json) to
 * their entry — or, for a deep import, to the file named — then Node's own resolution with
 * TypeScript's extensions, to the file's real path. Without it an aliased import or a package's
 * would count as an outside package and escape the boundaries.
 */
const { readdirSync, readFileSync, realpathSync } = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');
const { compilerOptions } = require('../tsconfig.json');

const root = path.resolve(__dirname, '..');
/** '@web/*': ['src/web/*'] → ['@web/', '/…/src/web/'] */
const aliases = Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
  alias.replace(/\*$/, ''),
  path.join(root, compilerOptions.baseUrl, target.replace(/\*$/, '')),
]);
/** '@photomuse/image' → { folder: '/…/packages/image', entry: '/…/packages/image/src/index.ts' } */
const workspaces = new Map(
  readdirSync(path.join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const folder = path.join(root, 'packages', entry.name);
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
      return [manifest.name, { folder, entry: path.join(folder, manifest.exports['.']) }];
    }),
);
const extensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

function workspaceTarget(source) {
  const [scope, name, ...rest] = source.split('/');
  const workspace = workspaces.get(`${scope}/${name}`);
  if (!workspace) return undefined;
  return rest.length === 0 ? workspace.entry : path.join(workspace.folder, ...rest);
}

exports.resolve = (source, file) => {
  const alias = aliases.find(([prefix]) => source.startsWith(prefix));
  const target = workspaceTarget(source) ?? (alias ? alias[1] + source.slice(alias[0].length) : source);
  const resolved = nodeResolver.resolve(target, file, { extensions });
  return resolved.found && resolved.path ? { ...resolved, path: realpathSync(resolved.path) } : resolved;
};
