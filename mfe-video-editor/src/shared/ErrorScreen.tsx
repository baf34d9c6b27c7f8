import { Component, type ReactNode } from 'react';
import { Messages } from '@studio/contracts';

/**
 * spec 2 §2: when the editor itself breaks, "Something went wrong" with Try Again (renders the
 * editor afresh), Reload Page and Exit Editor. The user's finished videos are safe in the gallery.
 */
export class EditorErrorBoundary extends Component<{ exitTo: string; children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <section className="ve-panel ve-crash" role="alert">
        <h1 className="ve-h1">Something went wrong</h1>
        <p>{Messages.videoEditorCrashed}</p>
        <div className="ve-row">
          <button
            type="button"
            className="st-btn st-btn-primary"
            onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
          >
            Try Again
          </button>
          <button type="button" className="st-btn st-btn-secondary" onClick={() => window.location.reload()}>
            Reload Page
          </button>
          <a className="st-btn st-btn-ghost" href={this.props.exitTo}>
            Exit Editor
          </a>
        </div>
      </section>
    );
  }
}
