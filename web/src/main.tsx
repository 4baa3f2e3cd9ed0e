import './app/first-screen-styles';
import './app/fonts.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptPrerenderedLogin } from './features/student-login/components/prerendered-login';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild === null) {
  createRoot(root).render(app);
} else {
  // The screen arrived prerendered (scripts/prerender-web.mjs): React takes over the markup already shown, in
  // slices, instead of building it again, so the page neither blocks nor moves, and what the student typed into
  // the login meanwhile stays.
  adoptPrerenderedLogin(root);
  // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser between them, instead
  // of in one long task that would hold up a tap on a slow phone.
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) =>
        console.warn('the prerendered page differed; React rendered it again', error),
    });
  });
}
