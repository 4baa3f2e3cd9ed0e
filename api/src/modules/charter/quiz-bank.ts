/**
 * True/false questions written strictly from the student charter (`charter-text.ts`), each naming the article it
 * comes from (articles are numbered continuously across sections, as in the PDF); every false statement
 * contradicts that article, and its comment says what the article says instead. `index` values are stable: a
 * question that has to change keeps its index only if its meaning and answer stay the same, otherwise it gets a
 * new index at the end.
 */
export interface QuizQuestion {
  index: number;
  /** The shipped charter's article, counted across its sections; the seed records the section it is in. */
  article: number;
  question: string;
  answer: boolean;
}

export const QUIZ_BANK: readonly QuizQuestion[] = [
  {
    index: 1,
    article: 3,
    question: 'يلتزم الطالب المستجد باجتياز اختبار الميثاق الإلكتروني قبل استكمال إجراءات قبوله.',
    answer: true,
  },
  // The charter says: خمسة عشر يومًا
  {
    index: 2,
    article: 7,
    question: 'يجوز للطالب أن يطلب إعادة رصد درجاته في الامتحانات التحريرية خلال ستين يومًا من إعلان النتيجة.',
    answer: false,
  },
  {
    index: 3,
    article: 9,
    question: 'يُخصَّص لكل طالب مرشد أكاديمي يلتقيه مرتين على الأقل في كل فصل دراسي.',
    answer: true,
  },
  // The charter says: لا يجوز إعارتها لغيره لأي سبب
  {
    index: 4,
    article: 14,
    question: 'يجوز للطالب إعارة بطاقته الجامعية لزميله إذا كان ذلك لغرض دراسي.',
    answer: false,
  },
  {
    index: 5,
    article: 19,
    question: 'يُحظر التدخين داخل المباني والقاعات والمعامل والمكتبات الجامعية.',
    answer: true,
  },
  // The charter says: لا يجوز إلا بإذن عضو هيئة التدريس
  {
    index: 6,
    article: 23,
    question:
      'يجوز للطالب تصوير المحاضرة أو تسجيلها صوتيًا دون إذن عضو هيئة التدريس ما دام ذلك لاستخدامه الشخصي.',
    answer: false,
  },
  // The charter says: لا يجوز مشاركة كلمة المرور مع أي شخص
  {
    index: 7,
    article: 25,
    question: 'يجوز للطالب مشاركة كلمة مرور حسابه الجامعي مع زميل يثق به.',
    answer: false,
  },
  {
    index: 8,
    article: 30,
    question: 'تسري قواعد السلوك المتبعة في قاعات المحاضرات على المحاضرات والامتحانات التي تُعقد إلكترونيًا.',
    answer: true,
  },
  {
    index: 9,
    article: 32,
    question: 'إعادة تقديم عمل سبق تقديمه في مقرر آخر دون إذن عضو هيئة التدريس تُعدّ من صور الانتحال.',
    answer: true,
  },
  // The charter says: في الحدود التي يأذن بها عضو هيئة التدريس كتابةً، مع الإفصاح
  {
    index: 10,
    article: 33,
    question: 'يجوز للطالب الاستعانة بأدوات الذكاء الاصطناعي في التكليفات دون قيد ودون الإفصاح عن ذلك.',
    answer: false,
  },
  {
    index: 11,
    article: 36,
    question: 'في انتحال شخصية طالب آخر في الامتحان يُعاقَب المنتحِل والمنتحَلة شخصيته إذا ثبت علمه كلاهما.',
    answer: true,
  },
  // The charter says: ثلاثون دقيقة
  {
    index: 12,
    article: 37,
    question: 'يُسمح للطالب بدخول لجنة الامتحان حتى مضي ساعة كاملة من بدء الامتحان.',
    answer: false,
  },
  // The charter says: ولو كان مغلقًا
  {
    index: 13,
    article: 39,
    question: 'لا مانع من اصطحاب الهاتف المحمول إلى لجنة الامتحان إذا كان مغلقًا.',
    answer: false,
  },
  {
    index: 14,
    article: 38,
    question: 'لا يجوز للطالب مغادرة لجنة الامتحان قبل مضي نصف الزمن المحدد له.',
    answer: true,
  },
  {
    index: 15,
    article: 42,
    question: 'يُقدَّم عذر الغياب عن الامتحان خلال ثلاثة أيام من تاريخه مصحوبًا بالمستندات المؤيدة له.',
    answer: true,
  },
  // The charter says: خمسة وعشرون في المائة
  {
    index: 16,
    article: 44,
    question:
      'يجوز حرمان الطالب من دخول الامتحان النهائي في المقرر إذا تجاوزت نسبة غيابه فيه عشرة في المائة.',
    answer: false,
  },
  {
    index: 17,
    article: 46,
    question: 'يجوز لعضو هيئة التدريس أن يحتسب تأخر الطالب أكثر من خمس عشرة دقيقة عن بداية المحاضرة غيابًا.',
    answer: true,
  },
  // The charter says: أربعة عشر يومًا
  {
    index: 18,
    article: 49,
    question: 'يعيد الطالب الكتاب الذي استعاره من المكتبة خلال ثلاثين يومًا من تاريخ استعارته.',
    answer: false,
  },
  {
    index: 19,
    article: 54,
    question: 'يلتزم الطالب الذي يُتلف ممتلكات الجامعة عمدًا بتعويض قيمتها فضلًا عن مساءلته تأديبيًا.',
    answer: true,
  },
  // The charter says: لا يوقع جزاء عدا التنبيه الشفهي إلا بعد تحقيق مكتوب
  {
    index: 20,
    article: 56,
    question: 'يجوز توقيع جزاء الفصل المؤقت على الطالب دون إجراء تحقيق مكتوب معه.',
    answer: false,
  },
  {
    index: 21,
    article: 59,
    question: 'للطالب أن يتظلم من القرار التأديبي خلال خمسة عشر يومًا من تاريخ إعلانه به.',
    answer: true,
  },
  {
    index: 22,
    article: 60,
    question: 'يجوز معاقبة الطالب تأديبيًا عن الفعل الواحد أكثر من مرة.',
    answer: false,
  },
  {
    index: 23,
    article: 63,
    question: 'يُنتخب اتحاد الطلاب بالاقتراع السري المباشر.',
    answer: true,
  },
  // The charter says: يُحظر النشاط الحزبي ويشمل ذلك فترات الانتخابات
  {
    index: 24,
    article: 65,
    question: 'يُسمح بالدعاية الحزبية داخل الجامعة خلال فترة انتخابات اتحاد الطلاب.',
    answer: false,
  },
  {
    index: 25,
    article: 70,
    question: 'للطالب الحق في الاطلاع على بياناته المحفوظة لدى الجامعة وفي طلب تصحيح غير الصحيح منها.',
    answer: true,
  },
  // The charter says: لا إفصاح إلا بموافقته الكتابية أو بطلب جهة مختصة قانونًا
  {
    index: 26,
    article: 69,
    question: 'يجوز للجامعة الإفصاح عن درجات الطالب لأي جهة تطلبها دون موافقته.',
    answer: false,
  },
  {
    index: 27,
    article: 4,
    question: 'تُعلن الجامعة أي تعديل على الميثاق قبل بدء العمل به بثلاثين يومًا على الأقل.',
    answer: true,
  },
  // The charter says: غياب بعذر مقبول متى صدر خطاب رسمي
  {
    index: 28,
    article: 47,
    question: 'يُحتسب غياب الطالب الذي يمثّل الجامعة في مسابقة رسمية غيابًا بغير عذر ولو صدر بذلك خطاب رسمي.',
    answer: false,
  },
];
