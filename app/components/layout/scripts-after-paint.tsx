/**
 * React Router's `<Scripts/>`, fetched once the page has painted: for pages that are complete as
 * HTML and need JavaScript only for their forms (`hydrate: 'after-paint'`, app/lib/route-handle.ts).
 *
 * `<Scripts/>` sends modulepreload links (hoisted into `<head>`) and a module script that imports
 * the route modules at once, so about 170 kB of JavaScript would download beside the stylesheet,
 * the fonts and the hero picture, and a phone on a slow connection would paint later. Here the
 * same links and module script are handed to one small inline script instead, which inserts
 * them after the first contentful paint. Until then the page is plain HTML: links navigate and
 * forms post to their actions.
 *
 * The server's render and the hydration render both produce that inline script in the same
 * place (its text differs between them, as in React Router's own scripts, and is not compared).
 * If `<Scripts/>` ever returns something else than expected, it is rendered unchanged, and the
 * page loads its scripts at once.
 */
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Scripts } from 'react-router';

type ScriptsProps = Parameters<typeof Scripts>[0];

interface Parts {
  preloads: string[];
  boot?: string;
  others: ReactElement[];
}

/** Sorts what `<Scripts/>` returns into modulepreload hrefs, the module script's code and the rest. */
function sort(node: ReactNode, parts: Parts): void {
  if (Array.isArray(node)) return node.forEach((child: ReactNode) => sort(child, parts));
  if (!isValidElement<Record<string, unknown>>(node)) return;
  const props = node.props;
  if (node.type === Fragment) return sort(props.children as ReactNode, parts);
  if (node.type === 'link' && props.rel === 'modulepreload' && typeof props.href === 'string') {
    parts.preloads.push(props.href);
  } else if (node.type === 'script' && props.type === 'module') {
    parts.boot = (props.dangerouslySetInnerHTML as { __html?: string } | undefined)?.__html;
  } else {
    parts.others.push(node);
  }
}

/**
 * The inline loader, run as the HTML is parsed. It waits for the first contentful paint (its
 * paint-timing entry; where there is none, the frame after the next animation frame; at once
 * in a hidden tab, which paints nothing; in any case after 3 s), then adds the module script,
 * and the modulepreload links two per task: inserting one took 1 to 3 ms in Chromium here, and
 * the 40 of /login in one task would block input for 50 to 100 ms.
 */
const LOADER = `(function (preloads, boot) {
  var nonce = document.currentScript.nonce, started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = boot;
    document.body.appendChild(script);
    (function batch() {
      preloads.splice(0, 2).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.nonce = nonce;
        document.head.appendChild(link);
      });
      if (preloads.length) setTimeout(batch);
    })();
  }
  function afterFrame() {
    requestAnimationFrame(function () { setTimeout(start); });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === 'hidden') return start();
  if (types.indexOf('paint') < 0) return afterFrame();
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(afterFrame, 3000);
})`;

/** The loader called with its data, written as JSON with `<` escaped for the HTML parser. */
function loader(preloads: string[], boot: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `${LOADER}(${json(preloads)}, ${json(boot)});`;
}

export function ScriptsAfterPaint(props: ScriptsProps) {
  // Called rather than rendered, to rewrite what it returns: its hooks run as this component's,
  // in the same order on every render.
  const scripts = Scripts(props);
  const parts: Parts = { preloads: [], others: [] };
  sort(scripts, parts);
  if (parts.boot === undefined) return scripts;
  return (
    <>
      {parts.others.map((element, i) => (
        <Fragment key={i}>{element}</Fragment>
      ))}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: loader(parts.preloads, parts.boot) }}
      />
    </>
  );
}
