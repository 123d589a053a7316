// The project's layering as lint rules (oxlint JS plugin, ESLint's rule API). Rules are written by
// path pattern, so modules, jobs and features added later are held to them without editing this
// file.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Repository-relative path with forward slashes. */
const rel = (abs) => relative(ROOT, abs).split(sep).join('/');

/** Where a relative specifier of `fromFile` points, repo-relative (null for packages: 'drizzle-orm', 'node:fs'). */
function target(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  return rel(resolve(dirname(fromFile), specifier));
}

/** The folder whose index.ts is the front door of `repoPath`: a module, the ingest engine, an infra adapter. */
function doorOf(repoPath) {
  return /^(api\/modules\/[^/]+|api\/ingest|api\/infra\/[^/]+)\//.exec(repoPath)?.[1] ?? null;
}

/** Whether a resolved import target is `door`'s index (`api/jobs`, `api/jobs/index`, `api/jobs/index.ts`). */
function isDoor(t, door) {
  return t === door || t === `${door}/index` || t === `${door}/index.ts`;
}

/**
 * Layer rules: [who, what it must not import, why]. `who` and the target are repo-relative paths;
 * `$1` in a target pattern is the first group of `who` (the importer's own feature).
 * A target of `pkg:<regex>` matches a package specifier instead of a path.
 */
const RULES = [
  [
    /^web\/features\/([^/]+)\//,
    (t, m) => t.startsWith('web/features/') && !t.startsWith(`web/features/${m[1]}/`),
    'a web feature does not import another feature (web/app composes them)',
  ],
  [
    /^web\//,
    (t) => t.startsWith('api/') || (t.startsWith('db/') && !t.startsWith('db/domain/')),
    'the web imports neither api/ nor db/ (shared rules live in db/domain, types come from the schema)',
  ],
  [/^db\//, (t) => /^(api|web|scoring)\//.test(t), 'db/ imports nothing from the app (api, web, scoring)'],
  [
    /^db\/domain\//,
    (t) => !t.startsWith('db/domain/'),
    'db/domain is pure: it imports only db/domain (web and api both import it)',
  ],
  [/^scoring\//, (t) => /^(api|web|db)\//.test(t), 'scoring/ imports nothing from the app (api, web, db)'],
  [/^api\//, (t) => t.startsWith('web/'), 'the server does not import the web app'],
  [
    /^api\/modules\//,
    (t) =>
      /^api\/(cli|compose|demo)\//.test(t) ||
      /^api\/(app|server)(\.ts)?$/.test(t) ||
      (t.startsWith('api/jobs/') && !isDoor(t, 'api/jobs')),
    'modules sit below the app, the composition root (api/compose), the commands and the demo data; they own their job kinds and use the job engine through its front door api/jobs/index.ts',
  ],
  [
    /^api\/jobs\//,
    (t) =>
      /^api\/(modules|compose|demo|cli|ingest)\//.test(t) ||
      t === 'api/kernel/deps' ||
      /^api\/(app|server)(\.ts)?$/.test(t),
    'the job engine knows no feature and not the app context: it is generic over the context its handlers get (JobEngineContext), features register their kinds in api/compose',
  ],
  [
    /^api\/ingest\//,
    (t) =>
      /^api\/(modules|jobs|compose|demo|cli|graphql|infra)\//.test(t) ||
      t === 'api/kernel/deps' ||
      /^api\/(app|server)(\.ts)?$/.test(t),
    'the ingest engine is plain TypeScript used by the features: no feature, GraphQL, job engine or app context',
  ],
  [
    /^api\/infra\//,
    (t) =>
      /^api\/(modules|jobs|compose|demo|cli|graphql|ingest|kernel)\//.test(t) || /^api\/(app|server)(\.ts)?$/.test(t),
    'infrastructure adapters (blob store, SMTP, the AI judge client) know no feature and no app context',
  ],
  [
    /^api\/kernel\//,
    (t) => /^api\/(compose|demo|cli)\//.test(t) || /^api\/(app|server)(\.ts)?$/.test(t),
    'the shared kernel (Deps, the error catalogue) sits below everything that composes the app',
  ],
  [
    /^api\/(modules|ingest|infra|jobs)\//,
    (t, _m, file) => {
      const d = doorOf(t);
      return d !== null && d !== doorOf(file) && !isDoor(t, d);
    },
    'another module, the ingest engine and an infra adapter are reached only through their front door (index.ts), never their repos or internals',
  ],
  [
    /\.presenter\.ts$/,
    (t) => /\.repo(\.ts)?$/.test(t) || /^db\/(client|write-)/.test(t),
    'a presenter only shapes data: the queries behind its fields are in services (it may import a repo for its row types only)',
    { typesAllowed: true },
  ],
  [
    /\.resolvers\.ts$/,
    (t) => /\.repo(\.ts)?$/.test(t) || /^db\/(client|schema|write-)/.test(t),
    'a resolver asks the policy, parses arguments, calls one service and presents the result: it does not reach repos or the database',
  ],
];

const PACKAGE_RULES = [
  [
    /^db\/domain\//,
    () => true,
    'db/domain is pure TypeScript: no packages (no drizzle, no node:, no bun), so the browser can import it',
  ],
  [/\.resolvers\.ts$/, (s) => s === 'drizzle-orm' || s.startsWith('drizzle-orm/'), 'resolvers hold no SQL'],
  [/\.presenter\.ts$/, (s) => s === 'drizzle-orm' || s.startsWith('drizzle-orm/'), 'presenters hold no SQL'],
  [
    /^(web|scoring)\//,
    (s) => s === 'bun' || s.startsWith('bun:'),
    'web and scoring run in the browser too: no Bun APIs',
  ],
];

// ---- api module graph (api/modules/<name>/): no cycles between modules -----------------------

const IMPORT_RE =
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|[\s;])import\s+['"]([^'"]+)['"]/g;
let moduleGraph;

/** module -> Map(other module -> first file that imports it), read from disk once per lint run. */
function apiModuleGraph() {
  if (moduleGraph) return moduleGraph;
  moduleGraph = new Map();
  const modulesDir = join(ROOT, 'api', 'modules');
  let names = [];
  try {
    names = readdirSync(modulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return moduleGraph;
  }
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? walk(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
    );
  for (const name of names) {
    const edges = new Map();
    for (const file of walk(join(modulesDir, name))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
        const t = target(file, m[1] ?? m[2] ?? m[3]);
        const other = t && moduleOf(t);
        if (other && other !== name && !edges.has(other)) edges.set(other, rel(file));
      }
    }
    moduleGraph.set(name, edges);
  }
  return moduleGraph;
}

function moduleOf(repoPath) {
  return /^api\/modules\/([^/]+)\//.exec(repoPath)?.[1] ?? null;
}

/** A path of modules from `from` back to `to`, or null. */
function pathBetween(graph, from, to) {
  const seen = new Set([from]);
  const queue = [[from]];
  while (queue.length) {
    const path = queue.shift();
    for (const next of graph.get(path.at(-1))?.keys() ?? []) {
      if (next === to) return [...path, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}

// ---- the rules ----------------------------------------------------------------------------------

function sourcesOf(node) {
  if (
    (node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration') &&
    node.source
  )
    return node.source;
  if (node.type === 'ImportExpression' && node.source?.type === 'Literal' && typeof node.source.value === 'string')
    return node.source;
  return null;
}

const layers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Imports flow one way (the layering of docs/lint.md), by path pattern; front doors; presenters shape data; enqueue by contract.',
    },
    schema: [],
  },
  create(context) {
    const file = rel(context.filename);
    const check = (node) => {
      const source = sourcesOf(node);
      if (!source) return;
      const specifier = source.value;
      const t = target(context.filename, specifier);
      if (t === null) {
        for (const [who, bad, why] of PACKAGE_RULES)
          if (who.test(file) && bad(specifier))
            context.report({ node: source, message: `${file} imports '${specifier}': ${why}.` });
        return;
      }
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.specifiers?.length > 0 && node.specifiers.every((sp) => sp.importKind === 'type'));
      for (const [who, bad, why, options] of RULES) {
        const m = who.exec(file);
        if (m && !(options?.typesAllowed && typeOnly) && bad(t, m, file))
          context.report({ node: source, message: `${file} imports ${t}: ${why}.` });
      }
    };
    // A presenter gets no database: `deps.db` in one is a query that belongs in a service.
    const presenterDb = (node) => {
      if (
        /\.presenter\.ts$/.test(file) &&
        node.property?.type === 'Identifier' &&
        node.property.name === 'db' &&
        node.object?.type === 'Identifier' &&
        node.object.name === 'deps'
      )
        context.report({
          node,
          message: `${file} reads deps.db: a presenter only shapes data; move the query into a service.`,
        });
    };
    // The server enqueues by a feature contract's kind (jobKind<Payload, Result>), so the payload is
    // type-checked; a string names a kind whose payload nothing checks.
    const enqueueByName = (node) => {
      const callee = node.callee;
      if (
        /^api\//.test(file) &&
        callee?.type === 'MemberExpression' &&
        callee.property?.name === 'enqueue' &&
        callee.object?.type === 'MemberExpression' &&
        callee.object.property?.name === 'jobs' &&
        (node.arguments[0]?.type === 'Literal' || node.arguments[0]?.type === 'TemplateLiteral')
      )
        context.report({
          node: node.arguments[0],
          message: `${file} enqueues a job by its name: enqueue the kind its feature's jobs/contract.ts declares.`,
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      MemberExpression: presenterDb,
      CallExpression: enqueueByName,
    };
  },
};

const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between api modules (api/modules/<name>/), type imports included.' },
    schema: [],
  },
  create(context) {
    const from = moduleOf(rel(context.filename));
    if (!from) return {};
    const check = (node) => {
      const source = sourcesOf(node);
      const t = source && target(context.filename, source.value);
      const to = t && moduleOf(t);
      if (!to || to === from) return;
      const back = pathBetween(apiModuleGraph(), to, from);
      if (back) {
        const hops = back.slice(1).map((m, i) => `${m} (${apiModuleGraph().get(back[i]).get(m)})`);
        context.report({
          node: source,
          message: `api module cycle: ${from} -> ${to} -> ${hops.join(' -> ')}. Move the shared part down, or let the higher module extend the lower one's type.`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  meta: { name: 'layering' },
  rules: { imports: layers, 'no-module-cycles': noModuleCycles },
};
