import type { Plugin } from 'vite';

const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

/**
 * Marks the scripts index.html loads as fetchpriority="low". They never block
 * the first paint (module scripts run after the document is parsed, and the
 * stylesheet is inline), so nothing is lost by it; the document and /config.json
 * keep their high priority, and tools that take high-priority scripts for
 * render-blocking ones (Lighthouse's simulated throttling) see the page as the
 * browser paints it (docs/decisions/029).
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'energy-tracker:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html: string) => html.replace(SCRIPT_TAGS, '<$1 fetchpriority="low"'),
    },
  };
}
