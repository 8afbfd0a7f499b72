/**
 * The body limit of the route a request targets (issue "Solid ground" 17-19; issue 22
 * "Boundaries linted"): the `bodyLimit` export of its route module (app/lib/body-limit.ts), or
 * FORM_MAX_BYTES. Each upload route declares its own limit next to the action that reads the
 * files, so no table of URL patterns has to follow the route table, and the body-limit code
 * imports no domain module (the documents ↔ request-body import cycle this replaces).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { FORM_MAX_BYTES, type BodyLimit } from '~/lib/body-limit';
import { documentMaxBytes } from '~/server/domain/loans/documents.server';

type ServerRoutes = ServerBuild['routes'];

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/** The build's flat route manifest as the tree `matchRoutes` takes; built once per build. */
const trees = new WeakMap<ServerRoutes, RouteNode[]>();

function treeOf(routes: ServerRoutes): RouteNode[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, { id, path, index, caseSensitive, children: [] });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  trees.set(routes, tree);
  return tree;
}

/**
 * The id of the route whose action a request to `url` runs, or null when none matches. As React
 * Router decides: `.data` requests address the page's path (`/x/_.data` is `/x/`, with
 * future.v8_trailingSlashAwareDataRequests), and an index route is the target only with a bare
 * `?index`, its layout otherwise.
 */
function targetRouteId(routes: ServerRoutes, url: URL, basename?: string): string | null {
  const pathname = url.pathname.endsWith('/_.data')
    ? url.pathname.slice(0, -'_.data'.length)
    : url.pathname.replace(/\.data$/, '');
  const matches = matchRoutes(treeOf(routes) as RouteObject[], pathname, basename);
  if (!matches?.length) return null;
  const last = matches[matches.length - 1]!;
  if (last.route.index && url.searchParams.getAll('index').includes('')) return last.route.id ?? null;
  const withPath = matches.filter((match, i) => i === 0 || (match.route.path && match.route.path.length > 0));
  return withPath[withPath.length - 1]?.route.id ?? null;
}

/**
 * The largest body, in bytes, that a request to `url` may carry: its target route's
 * `bodyLimit` (a function of the configured limits is called with them now), else
 * FORM_MAX_BYTES. `url` may be a page URL or its `.data` URL.
 */
export function bodyLimitOf(build: Pick<ServerBuild, 'routes' | 'basename'>, url: URL): number {
  const id = targetRouteId(build.routes, url, build.basename);
  const declared = id ? (build.routes[id]?.module as { bodyLimit?: BodyLimit } | undefined)?.bodyLimit : undefined;
  if (declared === undefined) return FORM_MAX_BYTES;
  return typeof declared === 'function' ? declared({ documentBytes: documentMaxBytes() }) : declared;
}
