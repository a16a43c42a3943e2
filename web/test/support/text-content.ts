import type { Matcher } from '@testing-library/react';

/**
 * Matches the one element whose whole text is `text`, even when the text is
 * split over child elements (as "Don't have an account? Sign up" is).
 */
export function wholeText(text: string): Matcher {
  return (_content, element) =>
    element?.textContent === text &&
    Array.from(element.children).every((child) => child.textContent !== text);
}
