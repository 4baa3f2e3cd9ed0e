import { afterEach, describe, expect, it } from 'vitest';
import { adoptPrerenderedLogin, takePrerenderedLogin } from './prerendered-login';

function prerenderedRoot(value: string, seatNo?: string) {
  const root = document.createElement('div');
  root.innerHTML = `<form method="post"><input name="nationalID">${
    seatNo === undefined ? '' : '<input name="seatNo">'
  }<button type="submit">دخول</button></form>`;
  document.body.append(root);
  const field = root.querySelector('input[name="nationalID"]') as HTMLInputElement;
  field.value = value;
  const seatNoField = root.querySelector<HTMLInputElement>('input[name="seatNo"]');
  if (seatNoField !== null) seatNoField.value = seatNo ?? '';
  return { root, field, seatNoField };
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
    expect(taken?.seatNoField).toBeNull();
    expect(taken?.focused).toBe('nationalID');
    expect(takePrerenderedLogin()).toBeUndefined();
  });

  it('knows the field had no focus, and keeps what is typed after React took over', () => {
    const { root, field } = prerenderedRoot('');
    adoptPrerenderedLogin(root);
    const taken = takePrerenderedLogin();
    expect(taken?.focused).toBeNull();
    field.remove();
    field.value = '29901';
    expect(taken?.field.value).toBe('29901');
  });

  it('hands over the seat number and its focus on the pages that ask for it', () => {
    const { root, seatNoField } = prerenderedRoot('2990', '٤٥');
    seatNoField?.focus();
    adoptPrerenderedLogin(root);
    const taken = takePrerenderedLogin();
    expect(taken?.seatNoField?.value).toBe('٤٥');
    expect(taken?.focused).toBe('seatNo');
  });

  it('has nothing to hand over on a page without the prerendered form', () => {
    const root = document.createElement('div');
    adoptPrerenderedLogin(root);
    expect(takePrerenderedLogin()).toBeUndefined();
  });
});
