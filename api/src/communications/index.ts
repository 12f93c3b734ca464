import type { Domain } from '../platform/context.js';
import { sendDue } from './campaigns/store.js';
import { campaignRoutes } from './routes/campaigns.js';
import { chatRoutes } from './routes/chats.js';
import { clientChatRoutes } from './routes/client-chats.js';
import { notificationRoutes } from './routes/notifications.js';
import { webinarRoutes } from './routes/webinars.js';
import { sendDueReminders } from './webinars/store.js';
import { seedChats, seedNotifications, seedWebinars } from './seed.js';
import { runPeriodically } from '../platform/periodic.js';
import { MEDIA_PREFIX } from '../platform/media-files.js';

/**
 * Communications (issue 13): the notifications page and the one way every domain tells a user something
 * on the bell (`notify`, notifications.ts); chats between agents and staff (chats/: the support chat,
 * and the chat of a contract or a broker request, which those domains find or make with
 * ensureObjectChat) and with Oyster.app's clients (routes/client-chats.ts: the app's backend relays its
 * clients' messages under OYSTER_APP_TOKEN; staff with canChatWithClients answer); popup campaigns (campaigns/: written by staff, sent once — now or when due — and
 * logged by the recipients' apps); webinars (webinars/: planned and announced by staff, signed up for by
 * agents, the registered reminded 10 minutes before the start by a job row). remote-communications is
 * its front.
 */
/** How often due campaigns are looked for: a scheduled popup goes out within this of its time. */
const CAMPAIGN_SCHEDULER_EVERY_MS = Number(process.env.CAMPAIGN_SCHEDULER_MS ?? 15_000);
/** How often due webinar reminders are looked for: a reminder goes within this of its time (10 minutes before the start). */
const WEBINAR_JOBS_EVERY_MS = Number(process.env.WEBINAR_JOBS_MS ?? 15_000);

export const communications: Domain = {
  name: 'communications',
  register(app, ctx) {
    notificationRoutes(app, ctx);
    chatRoutes(app, ctx);
    clientChatRoutes(app, ctx);
    campaignRoutes(app, ctx);
    webinarRoutes(app, ctx);

    // Scheduled campaigns go out when due: each claimed by one instance (campaigns/store.ts sendDue).
    runPeriodically(app, 'campaign scheduler', CAMPAIGN_SCHEDULER_EVERY_MS, () => sendDue(ctx));
    // Webinar reminders: each job row claimed by one instance (webinars/store.ts sendDueReminders).
    runPeriodically(app, 'webinar reminders', WEBINAR_JOBS_EVERY_MS, () => sendDueReminders(ctx));
  },
  // A popup's picture is a media file (/media/…): named while a campaign shows it (platform/orphans.ts).
  fileReferences: [
    {
      prefix: MEDIA_PREFIX,
      named: async (q, keys) =>
        (await q.query<{ u: string }>('SELECT u FROM unnest($1::text[]) AS u WHERE EXISTS (SELECT 1 FROM campaigns WHERE image_url = u OR strpos(text_html, u) > 0)', [keys.map((k) => `/${k}`)])).map((r) => r.u.slice(1)),
    },
  ],
  seed: async (q, demo) => {
    await seedNotifications(q, demo);
    await seedChats(q, demo);
    await seedWebinars(q, demo);
  },
};

declare module '../platform/context.js' {
  interface AppContext {
    /** OYSTER_APP_TOKEN: the bearer token of Oyster.app's backend (clients' chats); unset — the integration is off. */
    oysterAppToken?: string | null;
  }
}
