/**
 * The public page a form's QR code opens: a small self-contained Arabic HTML page (no script, no external
 * resource; inline styles, which the CSP allows). It confirms the form without exposing more than is printed
 * on the form anyway: the first two words of the name, the college, the form and when it was issued.
 */
export interface GenuineForm {
  universityName: string;
  studentName: string;
  college: string;
  formTitle: string;
  issuedAt: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** The first two words of a name: enough to match the printed form, not a full identity. */
export function shortName(name: string): string {
  return name.trim().split(/\s+/).slice(0, 2).join(' ');
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f2f5f7; color: #1d2a33; padding: 16px;
    font-family: "Noto Naskh Arabic", "Noto Sans Arabic", Tahoma, "Segoe UI", Arial, sans-serif; }
  main { width: 100%; max-width: 30rem; background: #fff; border-radius: 12px; padding: 28px 24px;
    box-shadow: 0 2px 12px rgba(0, 0, 0, 0.08); border-top: 6px solid var(--accent); text-align: center; }
  .genuine { --accent: #1b7f3b; }
  .refused { --accent: #b3261e; }
  .mark { width: 64px; height: 64px; margin: 0 auto 12px; border-radius: 50%; background: var(--accent);
    color: #fff; font-size: 40px; line-height: 64px; font-weight: bold; }
  h1 { margin: 0 0 8px; font-size: 1.5rem; color: var(--accent); }
  p { margin: 0 0 16px; line-height: 1.8; }
  dl { margin: 0; text-align: right; display: grid; grid-template-columns: auto 1fr; gap: 8px 16px;
    border-top: 1px solid #e1e6ea; padding-top: 16px; }
  dt { color: #5a6872; }
  dd { margin: 0; font-weight: bold; }
  .university { margin-top: 20px; font-size: 0.85rem; color: #5a6872; }
`;

function page(kind: 'genuine' | 'refused', title: string, body: string, universityName: string): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="${kind}">
<div class="mark" aria-hidden="true">${kind === 'genuine' ? '&#10003;' : '&#10007;'}</div>
<h1>${escapeHtml(title)}</h1>
${body}
<div class="university">${escapeHtml(universityName)}</div>
</main>
</body>
</html>
`;
}

export function genuinePage(form: GenuineForm): string {
  const rows: [string, string][] = [
    ['اسم الطالب', escapeHtml(shortName(form.studentName))],
    ['الكلية', escapeHtml(form.college)],
    ['نوع الاستمارة', escapeHtml(form.formTitle)],
    // Date and time read left to right, as printed on the form.
    ['تاريخ الإصدار', `<bdi dir="ltr">${escapeHtml(form.issuedAt)}</bdi>`],
  ];
  const list = rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${value}</dd>`).join('');
  return page(
    'genuine',
    'الاستمارة صحيحة',
    `<p>هذه الاستمارة صادرة من بوابة القبول الإلكترونية للجامعة. تأكد من أن البيانات التالية تطابق المطبوع عليها.</p>
<dl>${list}</dl>`,
    form.universityName,
  );
}

export function notGenuinePage(universityName: string): string {
  return page(
    'refused',
    'الاستمارة غير صحيحة',
    '<p>رمز التحقق غير صالح: هذه الاستمارة ليست صادرة من بوابة القبول، أو تم تعديل رمزها. راجع شؤون الطلاب بالكلية.</p>',
    universityName,
  );
}

/** A genuine token whose student is no longer on record (deleted since the form was issued). */
export function studentGonePage(universityName: string): string {
  return page(
    'refused',
    'تعذر التحقق من الاستمارة',
    '<p>رمز التحقق صادر من بوابة القبول، لكن بيانات هذا الطالب لم تعد مسجلة بها. راجع شؤون الطلاب بالكلية.</p>',
    universityName,
  );
}
