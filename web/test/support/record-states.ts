/**
 * Every state `read` saw of `element` while it changed, from now on. The
 * 'Saving...' state lasts only as long as the server takes to answer, so
 * polling for it after the click could miss it; a MutationObserver does not.
 */
export function recordStates<T>(element: Element, read: () => T): { states: T[]; stop(): void } {
  const states: T[] = [read()];
  const observer = new MutationObserver(() => states.push(read()));
  observer.observe(element, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  return { states, stop: () => observer.disconnect() };
}
