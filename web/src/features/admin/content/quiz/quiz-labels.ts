/** How the quiz bank names a question's right answer, as the student's quiz words its choices. */
export const ANSWER_LABELS = { true: 'صح', false: 'خطأ' } as const;

export const answerLabel = (answer: boolean) => (answer ? ANSWER_LABELS.true : ANSWER_LABELS.false);

/** A question tied to no charter section. */
export const NO_SECTION = 'بدون';
