import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

interface State {
  error: Error | null;
}

/** The last line of defence: a readable message and a way back, never a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <main role="alert" className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
            <p className="text-lg">{t('errors.configFailed')}</p>
            <button type="button" className="rounded-lg border px-4 py-2" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </button>
          </main>
        )}
      </Translation>
    );
  }
}
