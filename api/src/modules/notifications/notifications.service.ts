import {
  type Campaign,
  MESSAGES,
  type MessageFilter,
  type MessagePreviewResponse,
  type MessageSendRequestParsed,
  type MessageSendResponse,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_STATES,
  type NotificationStatsResponse,
  type StateCounts,
} from '@portal/common';
import type { AuditEntry } from '../../db/audit-trail.js';
import type { DbExecutor } from '../../db/executor.js';
import { AppError } from '../../lib/app-error.js';
import { facultyScope, type StaffPrincipal } from '../auth/index.js';
import type { NotificationsRepository } from './notifications.repository.js';

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  /** Writes an audit row, in the given transaction when there is one. */
  audit: (entry: AuditEntry, tx?: DbExecutor) => Promise<void>;
}

export interface RequestContext {
  ip: string;
}

type Staff = Pick<StaffPrincipal, 'id' | 'userName' | 'role' | 'faculty'>;

/** The notifications screen lists this many of the latest failures and staff messages. */
export const FAILURES_LISTED = 50;
export const CAMPAIGNS_LISTED = 20;

export const SEND_AUDIT_ACTION = 'notifications.send';

const noMessages = (): StateCounts =>
  Object.fromEntries(NOTIFICATION_STATES.map((state) => [state, 0])) as StateCounts;

/**
 * The staff's calls on notifications (issue 17): a message to the students of a faculty that a filter selects,
 * its count first, and the delivery figures. Who may call is the access table's business (super admin, support
 * and faculty ADMIN); which faculty an ADMIN reaches is `facultyScope`'s.
 */
export function notificationsService({ repository, audit }: NotificationsServiceDeps) {
  /** The college a message goes to: one must be named (an ADMIN's own is implied) and exist. */
  async function messageCollege(staff: Staff, requested: string | null) {
    const faculty = facultyScope(staff, requested);
    if (!faculty) throw new AppError(400, NOTIFICATION_MESSAGES.facultyRequired);
    const college = await repository.collegeByName(faculty);
    if (!college) throw new AppError(400, MESSAGES.collegeNotFound);
    return college;
  }

  return {
    /** `POST /notifications/preview`: how many students the message would reach, and by which channel. */
    async preview(
      staff: Staff,
      input: { faculty: string | null; filter: MessageFilter },
    ): Promise<MessagePreviewResponse['data']> {
      const college = await messageCollege(staff, input.faculty);
      return { faculty: college.name, ...(await repository.audienceCounts(college.id, input.filter)) };
    },

    /**
     * `POST /notifications/send`: the campaign, its outbox rows (one per student and channel) and the audit row
     * in one transaction, answered at once; the delivery workers send the messages afterwards. No student
     * selected: 409 and nothing written.
     */
    async send(
      staff: Staff,
      input: MessageSendRequestParsed,
      context: RequestContext,
    ): Promise<MessageSendResponse['data']> {
      const college = await messageCollege(staff, input.faculty);
      const { channels } = input;
      return repository.transaction(async (tx) => {
        const campaignId = await repository.insertCampaign(tx, {
          collegeId: college.id,
          filter: input.filter,
          channels,
          text: input.text,
          createdBy: { id: staff.id, userName: staff.userName },
        });
        const messages = await repository.queueCampaign(tx, campaignId, college.id, input.filter, channels);
        // Thrown inside the transaction: the campaign row goes with it.
        if (messages === 0) throw new AppError(409, NOTIFICATION_MESSAGES.noRecipients);
        // Every selected student gets one row per channel: the campaign's dedupe key is new, nothing collides.
        const students = messages / channels.length;
        await audit(
          {
            actor: { id: staff.id, userName: staff.userName },
            action: SEND_AUDIT_ACTION,
            targetType: 'campaign',
            targetId: campaignId,
            details: {
              faculty: college.name,
              filter: input.filter,
              channels,
              students,
              messages,
              textLength: input.text.length,
            },
            ip: context.ip,
          },
          tx,
        );
        return { campaignId, students, messages };
      });
    },

    /**
     * `GET /notifications/stats`: totals per state and per channel, the latest failures and staff messages. An
     * ADMIN gets its own faculty; the others the faculty they name, or the whole university.
     */
    async stats(staff: Staff, requested: string | null): Promise<NotificationStatsResponse['data']> {
      const faculty = facultyScope(staff, requested);
      const college = faculty ? await repository.collegeByName(faculty) : null;
      if (college === undefined) throw new AppError(400, MESSAGES.collegeNotFound);
      const collegeId = college?.id ?? null;
      const [counts, failures, campaigns] = await Promise.all([
        repository.stateCounts(collegeId),
        repository.latestFailures(collegeId, FAILURES_LISTED),
        repository.latestCampaigns(collegeId, CAMPAIGNS_LISTED),
      ]);
      const campaignCounts = await repository.campaignStateCounts(campaigns.map((campaign) => campaign.id));

      const byState = noMessages();
      const byChannel = { email: noMessages(), sms: noMessages() };
      for (const row of counts) {
        byState[row.state] += row.count;
        byChannel[row.channel][row.state] += row.count;
      }
      const countsOf = new Map<string, StateCounts>();
      for (const row of campaignCounts) {
        const of = countsOf.get(row.campaignId) ?? noMessages();
        of[row.state] += row.count;
        countsOf.set(row.campaignId, of);
      }
      return {
        faculty: college?.name ?? null,
        byState,
        byChannel,
        failures: failures.map((failure) => ({ ...failure, at: failure.at.toISOString() })),
        campaigns: campaigns.map(
          (campaign): Campaign => ({
            ...campaign,
            createdAt: campaign.createdAt.toISOString(),
            counts: countsOf.get(campaign.id) ?? noMessages(),
          }),
        ),
      };
    },
  };
}
