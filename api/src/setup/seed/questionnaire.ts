import type { AdditionalQuestion } from '@portal/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';

type Executor = Pick<Database, 'execute'>;

/**
 * The additional questions every admitted student answers once, after passing the charter quiz. The ids are
 * stable: stored answers refer to them, so a question's wording may change but its id may not. Covers the five
 * types; an option containing 'أخرى' and the answer 'نعم' ask for extra text, labelled by the description.
 */
export const QUESTIONNAIRE: readonly AdditionalQuestion[] = [
  {
    id: 'residence',
    type: 'mcq',
    question: 'أين ستقيم خلال فترة الدراسة؟',
    options: ['مع الأسرة', 'المدينة الجامعية', 'سكن خاص بالقرب من الكلية'],
  },
  {
    id: 'heard_about_college',
    type: 'multi_select_input',
    question: 'كيف عرفت معلومات عن الكلية؟',
    description: 'يمكنك اختيار أكثر من إجابة',
    options: ['الأهل والأصدقاء', 'موقع الجامعة', 'وسائل التواصل الاجتماعي', 'مكتب التنسيق', 'أخرى'],
  },
  {
    id: 'activities',
    type: 'multi_select_input',
    question: 'ما الأنشطة الطلابية التي ترغب في المشاركة بها؟',
    description: 'يمكنك اختيار أكثر من نشاط',
    options: ['الرياضية', 'الثقافية', 'الفنية', 'الاجتماعية والكشفية', 'العلمية والتكنولوجية', 'أخرى'],
  },
  {
    id: 'career_goal',
    type: 'input',
    question: 'ما هدفك المهني بعد التخرج؟',
    options: [],
  },
  {
    id: 'health_condition',
    type: 'mcq_yes_input',
    question: 'هل تعاني من مرض مزمن أو حالة صحية تحتاج إلى رعاية خاصة؟',
    description: 'اذكر الحالة الصحية',
    options: ['نعم', 'لا'],
  },
  {
    id: 'special_needs_support',
    type: 'mcq_yes_input',
    question: 'هل تحتاج إلى تسهيلات خاصة أثناء الدراسة أو الامتحانات؟',
    description: 'اذكر التسهيلات المطلوبة',
    options: ['نعم', 'لا'],
  },
  {
    id: 'transport',
    type: 'mcq_input',
    question: 'ما وسيلة انتقالك الأساسية إلى الكلية؟',
    options: ['المواصلات العامة', 'سيارة خاصة', 'سيرا على الأقدام', 'أخرى'],
  },
  {
    id: 'college_choice_reason',
    type: 'mcq_input',
    question: 'ما السبب الرئيسي لاختيارك هذه الكلية؟',
    options: ['رغبتي الشخصية', 'رغبة الأسرة', 'المجموع ومكتب التنسيق', 'فرص العمل بعد التخرج', 'أخرى'],
  },
];

/**
 * Seeds the questionnaire into a database that has no question yet, in one set-based statement (options travel
 * as JSON, one array per question). Once there it is the university's to edit (issue 19).
 */
export async function seedQuestionnaire(db: Executor): Promise<void> {
  await db.execute(sql`
    INSERT INTO additional_questions (id, type, question, description, options, sort_order)
    SELECT q.id, q.type, q.question, q.description,
      ARRAY(SELECT jsonb_array_elements_text(q.options::jsonb)), q.sort_order
    FROM unnest(
      ${sql.param(QUESTIONNAIRE.map((q) => q.id))}::text[],
      ${sql.param(QUESTIONNAIRE.map((q) => q.type))}::text[],
      ${sql.param(QUESTIONNAIRE.map((q) => q.question))}::text[],
      ${sql.param(QUESTIONNAIRE.map((q) => q.description ?? null))}::text[],
      ${sql.param(QUESTIONNAIRE.map((q) => JSON.stringify(q.options)))}::text[],
      ${sql.param(QUESTIONNAIRE.map((_, i) => i))}::int[]
    ) AS q(id, type, question, description, options, sort_order)
    WHERE NOT EXISTS (SELECT 1 FROM additional_questions)
    ON CONFLICT (id) DO NOTHING`);
}
