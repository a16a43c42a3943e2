import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: a speed assumption that a
// busy machine breaks (the suite runs beside the server's, docs/testing.md).
// A longer bound only catches what never shows.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Each test starts like a fresh browser profile, without the last test's session.
  localStorage.clear();
});

// What jsdom lacks and the browser has. Nothing of ours is replaced here.

// IndexedDB, where the outbox keeps saves (docs/decisions/041): an implementation of the same API.
import 'fake-indexeddb/auto';

// Radix Slider and Switch measure their thumbs; jsdom has no layout to observe.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Pointer capture (the dial and Radix Slider capture the pointer while dragging).
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
