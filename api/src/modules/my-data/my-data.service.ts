import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  DOCUMENT_STATE_LABELS,
  IMAGE_KIND_LABELS,
  IMAGE_KINDS,
  isImageKind,
  MESSAGES,
  NOTIFICATION_EVENT_LABELS,
  PERIOD_LABELS,
  REFUSAL_REASON_LABELS,
} from '@portal/common';
import yazl from 'yazl';
import { AppError } from '../../lib/app-error.js';
import { fileDate } from '../../lib/attachment.js';
import { type DownloadFile, ZIP_CONTENT_TYPE } from '../../lib/send-download.js';
import { type ObjectStorage, StorageNotFoundError } from '../../storage/storage.js';
import type { MyDataRepository } from './my-data.repository.js';

/** The JSON file inside the zip. */
export const MY_DATA_JSON = 'data.json';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** An image's name inside the zip: its Arabic label, e.g. 'الصورة الشخصية.jpg'. */
export function imageFileName(kind: string, contentType: string): string {
  const label = isImageKind(kind) ? IMAGE_KIND_LABELS[kind] : kind;
  return `${label}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

const ABOUT =
  'هذا الملف يضم كل ما تحفظه بوابة القبول عنك: بياناتك كما استوردتها الكلية وكما أدخلتها، ومراجعة مستنداتك، ' +
  'وإجاباتك على الاستبيان، ومحاولات اختبار الميثاق، وموعد الاختبار الشخصي، والرسائل المرسلة إليك، وصور مستنداتك الست.';

type Student = NonNullable<Awaited<ReturnType<MyDataRepository['student']>>>;

/** The students row with readable keys: the ids of other tables dropped, the college by name. */
function studentPart(row: Student) {
  const { collegeId: _collegeId, ...student } = row;
  return student;
}

export interface MyDataServiceDeps {
  repository: MyDataRepository;
  storage: ObjectStorage;
  /** `INTERVIEW_RESULT_VISIBLE`: the committee's outcome is the student's to read only once the university shows it. */
  interviewResultVisible: boolean;
}

export interface MyDataDownload {
  file: DownloadFile;
  body: Readable;
  /** Writes the zip into `body`: the images one at a time from the storage, then the JSON. */
  produce: () => Promise<void>;
}

/** The student's own data as one zip (issue 20; the right of access of Egypt's Law 151 of 2020). */
export function myDataService({ repository, storage, interviewResultVisible }: MyDataServiceDeps) {
  /** Everything held about the student but the image bytes; 404 for a student that is no longer there. */
  async function collect(studentId: string) {
    const student = await repository.student(studentId);
    if (!student) throw new AppError(404, MESSAGES.studentNotFound);
    const [documents, answers, draw, questions, attempts, appointment, outcome, messages] = await Promise.all(
      [
        repository.documents(studentId),
        repository.answers(studentId),
        repository.quizDraw(studentId),
        repository.quizQuestions(),
        repository.quizAttempts(studentId),
        repository.appointment(studentId),
        interviewResultVisible ? repository.interviewOutcome(studentId) : undefined,
        repository.notifications(studentId),
      ],
    );
    const questionText = new Map(questions.map((q) => [q.index, q.question]));
    const order = (kind: string) => (IMAGE_KINDS as readonly string[]).indexOf(kind);
    documents.sort((a, b) => order(a.kind) - order(b.kind));
    return {
      documents,
      data: {
        about: ABOUT,
        student: studentPart(student),
        documents: documents.map((d) => ({
          kind: d.kind,
          label: isImageKind(d.kind) ? IMAGE_KIND_LABELS[d.kind] : d.kind,
          // null once the image turns out to be missing from the storage, or was deleted (below).
          file: d.purgedAt ? null : (imageFileName(d.kind, d.contentType) as string | null),
          // When the retention job deleted the image, after the season closed (issue 21); null while kept.
          fileDeletedAt: d.purgedAt,
          contentType: d.contentType,
          sizeBytes: d.sizeBytes,
          sha256: d.sha256,
          uploadedAt: d.uploadedAt,
          review: {
            state: d.reviewStatus,
            stateLabel: DOCUMENT_STATE_LABELS[d.reviewStatus],
            reason: d.reviewReason,
            reasonLabel: d.reviewReason ? REFUSAL_REASON_LABELS[d.reviewReason] : null,
            note: d.reviewNote,
            reviewedAt: d.reviewedAt,
          },
        })),
        questionnaire: answers,
        charterQuiz: {
          drawnQuestions: draw
            ? draw.questionIndexes.map((index) => ({ index, question: questionText.get(index) ?? null }))
            : [],
          drawnAt: draw?.drawnAt ?? null,
          attempts,
        },
        appointment: appointment
          ? {
              day: appointment.day,
              hour: appointment.hour,
              period: PERIOD_LABELS[appointment.hour as keyof typeof PERIOD_LABELS] ?? null,
              place: appointment.place,
              bookedByStudent: appointment.bookedByStudent !== null,
              createdAt: appointment.createdAt,
            }
          : null,
        ...(interviewResultVisible ? { interviewOutcome: outcome ?? null } : {}),
        notifications: messages.map((m) => ({
          ...m,
          eventLabel: NOTIFICATION_EVENT_LABELS[m.event],
        })),
      },
    };
  }

  return {
    /**
     * The download, once the student is known to exist (so a deleted student gets a 404, not a broken zip). An
     * image missing from the storage is named in the JSON (`file: null`) rather than failing the download; one
     * the retention job deleted is left out the same way, with `fileDeletedAt`.
     */
    async download(studentId: string, now = new Date()): Promise<MyDataDownload> {
      const { data, documents } = await collect(studentId);
      const zip = new yazl.ZipFile();
      const body = zip.outputStream as unknown as Readable;
      const produce = async () => {
        for (const [index, document] of documents.entries()) {
          if (document.purgedAt) continue;
          let stream: Readable;
          try {
            stream = await storage.get(document.storageKey);
          } catch (error) {
            if (!(error instanceof StorageNotFoundError)) throw error;
            const entry = data.documents[index];
            if (entry) entry.file = null;
            continue;
          }
          // Stored as they are (already compressed images); one open at a time, as yazl writes in order.
          zip.addReadStream(stream, imageFileName(document.kind, document.contentType), {
            compress: false,
            mtime: now,
          });
          await finished(stream);
          if (body.destroyed) return;
        }
        zip.addBuffer(
          Buffer.from(`${JSON.stringify({ ...data, generatedAt: now }, null, 2)}\n`),
          MY_DATA_JSON,
          {
            mtime: now,
          },
        );
        zip.end();
      };
      const date = fileDate(now);
      return {
        file: {
          contentType: ZIP_CONTENT_TYPE,
          arabicName: `بياناتي في بوابة القبول - ${date}.zip`,
          asciiName: `my-admission-data-${date}.zip`,
        },
        body,
        produce,
      };
    },
  };
}
export type MyDataService = ReturnType<typeof myDataService>;
