import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ReloadPrompt } from './ReloadPrompt.tsx';

interface State {
  failed: boolean;
}

/**
 * A screen that throws while rendering offers a reload (which also fetches a
 * newer deployment) instead of leaving a blank page.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ReloadPrompt
        title="This screen could not be loaded"
        detail="Your entries are safe. Reload the page to get the latest version of Energy Tracker."
      />
    );
  }
}
