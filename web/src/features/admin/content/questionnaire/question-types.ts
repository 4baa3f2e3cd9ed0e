import { OTHER_WORD, type QuestionType, YES_ANSWER } from '@portal/common';

/** Each question type as the staff read it. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  mcq: 'اختيار من متعدد',
  multi_select_input: 'اختيار أكثر من إجابة مع أخرى',
  input: 'إجابة نصية',
  mcq_yes_input: 'اختيار مع تفاصيل عند نعم',
  mcq_input: 'اختيار مع أخرى',
};

/** What the options of each type must hold, said beside the options field (the validator says it again if not). */
export const OPTIONS_HINTS: Record<QuestionType, string> = {
  mcq: 'يختار الطالب إجابة واحدة من اختيارين مختلفين أو أكثر.',
  multi_select_input: `يختار الطالب إجابة أو أكثر. يجب أن يكون أحد الاختيارات '${OTHER_WORD}'، وعند اختياره يكتب الطالب إجابته.`,
  input: '',
  mcq_yes_input: `يختار الطالب إجابة واحدة. يجب أن يكون أحد الاختيارات '${YES_ANSWER}'، وعند اختياره يكتب الطالب التفاصيل تحت عنوان هو الوصف.`,
  mcq_input: `يختار الطالب إجابة واحدة. يجب أن يكون أحد الاختيارات '${OTHER_WORD}'، وعند اختياره يكتب الطالب إجابته.`,
};

/** The options typed one per line: blank lines dropped, each trimmed as the server stores it. */
export function optionLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
