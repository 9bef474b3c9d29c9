/**
 * The pages that explain the site (/about, /privacy, /rules), in English, the source
 * (lib/site-page-messages.ts puts them together). They say what the server does and no more:
 * SECURITY.md is the source, and a change there that these pages describe is a change here
 * too, in every language. The numbers of the retention paragraphs come from the contract
 * (LIMITS, RETENTION) as values.
 */
export default {
  aboutTitle: 'About this site',
  aboutIntro:
    'Dating Advice is a place to ask personal questions about dating and relationships, and to answer other people’s, without having to say who you are.',
  aboutAnonymousHeading: 'What anonymous means here',
  aboutAnonymous1:
    'You can ask, reply, like and report without an account. Other visitors see what you wrote, the gender and age group you chose to give (if any), when you posted and how many likes it has.',
  aboutAnonymous2:
    'In each thread, people are named "Asker", "Anon 1", "Anon 2" and so on, in the order they joined that thread. The numbers start again in every thread, so nobody can tell that "Anon 2" here is "Anon 5" somewhere else.',
  aboutAnonymous3:
    'Anonymous does not mean invisible to everyone: the people who run the site can see more than visitors do. The privacy page says exactly who can learn what.',
  aboutKeyHeading: 'Your private key',
  aboutKey1:
    'When you post without an account, your browser tab makes a random private key. It is what shows that a post is yours: with it you can edit or delete your posts, see them listed, and read the replies they get.',
  aboutKey2:
    'By default the key lives only as long as the tab. When the tab closes it is gone, and so is your access: you can no longer edit, delete or find those posts. Nobody can give it back to you, not even us, because the site stores only a scrambled form of it that cannot be turned back into the key.',
  aboutKey3:
    'After you post, the site offers to keep the key: as a private link or a code you copy, or in this device’s storage (off unless you turn it on). "Use my private key" then brings it back in another tab or on another device.',
  aboutKey4:
    'Anyone who has your key can edit or delete the posts made with it, so keep it as private as a password.',
  aboutAccountHeading: 'With an account',
  aboutAccount1:
    'With an account, your posts belong to the account instead of a key, and My Content lists them. You can move the posts of a private key into your account if you choose to; once moved, they belong to the account.',

  privacyTitle: 'Privacy: who can learn what',
  privacyIntro:
    'This page says, for each party, what they can learn about who wrote what, and what they cannot.',
  privacyVisitorsHeading: 'Other visitors',
  privacyVisitors1:
    'They see a post’s text, the gender and age group its writer chose to give, its likes, its time and its name in the thread ("Asker", "Anon 1"...).',
  privacyVisitors2:
    'They never see your private key, your account, or anything that ties two of your posts together. They cannot tell whether an anonymous post and an account belong to the same person.',
  privacyYouHeading: 'You',
  privacyYou1:
    'With your private key (or your account) you see your own posts marked as yours, the list of them, and your own notifications. Nobody else can read your notifications.',
  privacyAdminsHeading: 'Moderators (admins)',
  privacyAdmins1:
    'Admins see reported posts, hidden or not, with the reason and details the reporter gave. They do not learn who reported: they see only a code that tells them whether two reports of the same post came from the same person.',
  privacyAdmins2:
    'Posts that seem to be about self-harm, abuse, sexual violence, coercive control, stalking or a minor with an adult are flagged to admins automatically, with what they seem to be about; like any report, the flag does not say who wrote the post. The post is still published.',
  privacyAdmins3:
    'Every moderation action is logged with the admin who took it. When a post is deleted, the log keeps its text with personal details such as phone numbers or e-mails replaced by [removed], and without its writer.',
  privacyOperatorsHeading: 'The people who run the server',
  privacyOperators1:
    'With access to the database, the operator can see which posts were written with the same key (the database keeps a scrambled form of the key with each post) or by the same account, but not the key itself.',
  privacyOperators2:
    'If you are signed in, your posts are tied to your account. A signed-in request never stores your private key, so your anonymous posts and your account stay apart, unless you move those posts into the account yourself.',
  privacyOperators3:
    'Server logs keep what was asked for and when, but not what you wrote, your key or your password. Your internet address is logged only in a scrambled form that changes every day, unless the operator turns on logging of addresses.',
  privacyPushHeading: 'Notifications on your device',
  privacyPush1:
    'If you turn on notifications, the company that delivers them (Google, Mozilla, Apple or Microsoft, depending on your browser) learns that this site sent your browser a notification and when, but not what it says. A notification never contains the text of a post.',
  privacyKeptHeading: 'How long things are kept',
  privacyKeptPosts:
    'Questions, replies and updates are kept until their writer or an admin deletes them, and so are their likes. A deleted reply that has replies under it keeps its place as "[deleted]", without its text. An account is kept until it is deleted ("Delete my account" in My Content); its username and email are then kept only as scrambled codes for {days, plural, one {{days} day} other {{days} days}}, so that nobody takes the name at once, and then deleted. "Download my data" gives you everything kept for your account or your private key.',
  privacyKeptNotifications:
    'Unread notifications are kept until you read them, or until the post they are about is deleted or hidden. Read ones are deleted {days, plural, one {{days} day} other {{days} days}} after you read them, or sooner if the post is deleted. What you follow is kept until you unfollow it or the question is deleted.',
  privacyKeptPush:
    "If you turn on notifications, this device's subscription is kept until you turn them off or your browser's push service says it has ended. A notification waiting to be sent is deleted when the server takes it to send; one left waiting more than {minutes, plural, one {{minutes} minute} other {{minutes} minutes}} (while the server could not send) is deleted unsent.",
  privacyKeptSignIn:
    "When you sign in, the server keeps a record of that sign-in while it can be renewed, {days, plural, one {{days} day} other {{days} days}} after its last use, and then deletes it: there is no history of your sign-ins. The cookie that lets this browser sign in without waiting after someone else's failed attempts stays in your browser for 180 days; the server keeps nothing about devices.",
  privacyKeptReports:
    'Reports are kept with the moderation record, with the reason and details given; the scrambled form of the reporter’s network is erased once an admin has reviewed the report. The moderation log is kept, and names no writer and no reporter. If moderators stop an account or a key from posting for a while, the record of it (its reason and end) is deleted {days, plural, one {{days} day} other {{days} days}} after it ends.',
  privacyKeptBrief:
    'Some things are kept only briefly: the note that makes a retried post count once ({idempotencyHours, plural, one {{idempotencyHours} hour} other {{idempotencyHours} hours}}), a solved anti-spam challenge ({challengeMinutes, plural, one {{challengeMinutes} minute} other {{challengeMinutes} minutes}}), and the counters that limit how often one can post, like or sign in, each for its own window of 5 seconds to {windowHours, plural, one {{windowHours} hour} other {{windowHours} hours}}. The counters are named by a scrambled code that gives away no key, account or address.',
  privacyKeptLogs:
    'Server logs are written to the server’s output and the site keeps no log files of its own: how long the operator keeps them is up to the operator. They never hold what you wrote, your key or your password.',
  privacyKeptBackups:
    'The site makes no backups of its own. If the operator backs up the database, what is deleted here stays in those copies until they are deleted too.',

  rulesTitle: 'Rules',
  rulesIntro:
    'Be kind, and remember that real people with real feelings ask here. Advice can be honest without being cruel.',
  rulesRemovedHeading: 'What gets removed',
  rulesRemoved1:
    'Inappropriate content, offensive language, harassment of anyone, and spam. These are the reasons you can give when you report a post.',
  rulesRemoved2:
    'Do not post anything that identifies you or someone else: names, phone numbers, e-mails, addresses or social media profiles. The site warns you when a post seems to contain such details.',
  rulesReportingHeading: 'How reporting works',
  rulesReporting1:
    'Anyone can report a post, once. You cannot report your own posts. Admins review each report and either remove the post or keep it.',
  rulesReporting2:
    'When several different people report the same post (three, unless the site sets another number), it is hidden from everyone but its writer and the admins until an admin has reviewed it.',
  rulesHardHeading: 'If you are going through something hard',
  rulesHard1:
    'Nothing you write is refused because it is painful. If a post seems to be about self-harm, abuse, sexual violence, coercive control, stalking or a minor with an adult, you are shown places to find help, and admins are told so that someone can look.',
  rulesHard2: 'If you are in immediate danger, call your local emergency number.',
};
