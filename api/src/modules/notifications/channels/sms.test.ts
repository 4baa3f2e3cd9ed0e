import { describe, expect, it } from 'vitest';
import { type SmsSettings, smsRequest } from './sms.js';

const SMS = {
  phone: '+201012345678',
  text: 'موعدك غدا "الساعة 9" & أحضر البطاقة\nشكرا',
  key: '0b7c2d9e-1f3a-4c5b-8d6e-7f8091a2b3c4',
};

const settings = (overrides: Partial<SmsSettings>): SmsSettings => ({
  url: 'https://sms.example.com/send',
  method: 'POST',
  headers: {},
  bodyTemplate: undefined,
  ratePerSecond: 10,
  ...overrides,
});

describe('smsRequest', () => {
  it('fills a JSON body with JSON-escaped values, and says it is JSON', () => {
    const request = smsRequest(
      settings({ bodyTemplate: '{"to":"{{phone}}","message":"{{text}}","ref":"{{key}}","sender":"Univ"}' }),
      SMS,
    );
    expect(JSON.parse(request.body ?? '')).toEqual({
      to: SMS.phone,
      message: SMS.text,
      ref: SMS.key,
      sender: 'Univ',
    });
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.method).toBe('POST');
  });

  it('treats a body starting with [ as JSON too', () => {
    const request = smsRequest(settings({ bodyTemplate: ' [{"to":"{{phone}}","text":"{{text}}"}]' }), SMS);
    expect(JSON.parse(request.body ?? '')).toEqual([{ to: SMS.phone, text: SMS.text }]);
  });

  it('fills any other body form-encoded', () => {
    const request = smsRequest(
      settings({ bodyTemplate: 'username=u&to={{phone}}&msg={{text}}&id={{key}}', method: 'PUT' }),
      SMS,
    );
    const form = new URLSearchParams(request.body);
    expect(form.get('to')).toBe(SMS.phone);
    expect(form.get('msg')).toBe(SMS.text);
    expect(form.get('id')).toBe(SMS.key);
    expect(form.get('username')).toBe('u');
    // A '+' of the number and the '&' of the text cannot end their field early.
    expect([...form.keys()]).toEqual(['username', 'to', 'msg', 'id']);
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request.method).toBe('PUT');
  });

  it('URL-encodes the values filled into the URL; a GET has no body', () => {
    const request = smsRequest(
      settings({
        url: 'https://sms.example.com/api?to={{phone}}&text={{text}}&ref={{key}}',
        method: 'GET',
        bodyTemplate: '{"ignored":"{{text}}"}',
      }),
      SMS,
    );
    const url = new URL(request.url);
    expect(url.searchParams.get('to')).toBe(SMS.phone);
    expect(url.searchParams.get('text')).toBe(SMS.text);
    expect(url.searchParams.get('ref')).toBe(SMS.key);
    expect(request.body).toBeUndefined();
    expect(request.headers.has('content-type')).toBe(false);
  });

  it('sends the configured headers and the idempotency key; a configured content type stays', () => {
    const request = smsRequest(
      settings({
        headers: { Authorization: 'Bearer s3cret', 'Content-Type': 'application/vnd.gateway+json' },
        bodyTemplate: '{"to":"{{phone}}"}',
      }),
      SMS,
    );
    expect(request.headers.get('authorization')).toBe('Bearer s3cret');
    expect(request.headers.get('idempotency-key')).toBe(SMS.key);
    expect(request.headers.get('content-type')).toBe('application/vnd.gateway+json');
  });

  it('leaves unknown placeholders as they are', () => {
    const request = smsRequest(settings({ bodyTemplate: 'to={{phone}}&x={{other}}' }), SMS);
    expect(request.body).toBe(`to=${encodeURIComponent(SMS.phone)}&x={{other}}`);
  });
});
