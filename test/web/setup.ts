// Component tests opt into jsdom with `// @vitest-environment jsdom`; this adds DOM matchers there.
import '@testing-library/jest-dom/vitest';
import { preloadAllNamespaces } from '@web/lib/i18n';

// Screens under test use namespaces that the app loads lazily; have them all from the start.
await preloadAllNamespaces();
