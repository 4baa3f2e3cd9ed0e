import { Alert, Stack, Text } from '@mantine/core';
import type { AdditionalQuestion, QuestionEntry } from '@portal/common';
import { type FormEvent, useId, useState } from 'react';
import { Section } from '@/components/admin/section';
import { Button } from '@/components/button';
// The preview is the student's own screen, not a copy of it: the same cards, the same layout, the same validator.
import {
  QUESTIONNAIRE_INTRO,
  QuestionnaireFields,
  useQuestionnaireAnswers,
} from '@/components/questionnaire/questionnaire-answers';
import classes from './questionnaire-editor.module.css';

const TITLE = 'معاينة';
const NOTE = 'الأسئلة المفعلة كما يراها الطالب. يمكنك تجربة الإجابة هنا، ولا يُرسل شيء.';
const CHECK = 'تحقق من الإجابات';
const VALID = 'الإجابات مقبولة كما يقبلها الخادم من الطالب. لم يُرسل شيء: هذه معاينة.';
const NONE = 'لا توجد أسئلة مفعلة، فلن يرى الطالب أي سؤال.';

/** As the student's call serves it: the fields a student receives. */
const asStudentSees = ({ id, type, question, description, options }: QuestionEntry): AdditionalQuestion => ({
  id,
  type,
  question,
  description,
  options,
});

/** The active questions in the students' order, answerable locally. */
export function QuestionnairePreview({ questions }: { questions: QuestionEntry[] }) {
  const id = useId();
  // A change to any question starts the preview afresh, as a student arriving now would see it.
  const version = questions.map((question) => `${question.id}@${question.updatedAt}`).join(',');
  return (
    <Section title={TITLE} id={id}>
      <Text size="sm" c="dimmed">
        {NOTE}
      </Text>
      {questions.length === 0 ? (
        <Text>{NONE}</Text>
      ) : (
        <div className={classes.preview}>
          <PreviewForm key={version} questions={questions.map(asStudentSees)} />
        </div>
      )}
    </Section>
  );
}

function PreviewForm({ questions }: { questions: AdditionalQuestion[] }) {
  const formErrorId = useId();
  const { entries, problem, update, check } = useQuestionnaireAnswers(questions);
  const [valid, setValid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setValid(check() !== null);
  };

  return (
    <Stack gap="lg">
      <Text>{QUESTIONNAIRE_INTRO}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <QuestionnaireFields
            questions={questions}
            entries={entries}
            problem={problem}
            disabled={false}
            onChange={(questionId, patch) => {
              setValid(false);
              update(questionId, patch);
            }}
            formErrorId={formErrorId}
          />
          {valid && (
            <Alert color="teal" variant="light" role="status">
              {VALID}
            </Alert>
          )}
          <Button
            type="submit"
            w={{ base: '100%', sm: 'auto' }}
            miw={{ sm: 160 }}
            style={{ alignSelf: 'flex-start' }}
          >
            {CHECK}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
