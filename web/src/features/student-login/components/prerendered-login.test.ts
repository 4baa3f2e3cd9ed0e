import { afterEach, describe, expect, it } from 'vitest';
import { adoptPrerenderedLogin, takePrerenderedLogin } from './prerendered-login';

function prerenderedRoot(value: string) {
  const root = document.createElement('div');
  root.innerHTML = '<form method="post"><input name="nationalID"><button type="submit">دخول</button></form>';
  document.body.append(root);
  const field = root.querySelector('input') as HTMLInputElement;
  field.value = value;
  return { root, field };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the prerendered login form', () => {
  it('hands over the typed value and the focus once', () => {
    const { root, field } = prerenderedRoot('2990');
    field.focus();
    adoptPrerenderedLogin(root);
    const taken = takePrerenderedLogin();
    expect(taken?.field.value).toBe('2990');
    expect(taken?.focused).toBe(true);
    expect(takePrerenderedLogin()).toBeUndefined();
  });

  it('knows the field had no focus, and keeps what is typed after React took over', () => {
    const { root, field } = prerenderedRoot('');
    adoptPrerenderedLogin(root);
    const taken = takePrerenderedLogin();
    expect(taken?.focused).toBe(false);
    field.remove();
    field.value = '29901';
    expect(taken?.field.value).toBe('29901');
  });

  it('has nothing to hand over on a page without the prerendered form', () => {
    const root = document.createElement('div');
    adoptPrerenderedLogin(root);
    expect(takePrerenderedLogin()).toBeUndefined();
  });
});
