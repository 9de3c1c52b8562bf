/**
 * Privacy Policy text: read-only (the original showed it in an editable box; we do not). Every claim
 * here describes what the code does; change the text when the code changes.
 */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Privacy Policy',
  intro: (
    <p>
      This policy explains what the people who run this Glimpse service (“we”) collect when you use Glimpse,
      why, who can see it, and the choices you have. In short: we collect what Glimpse needs to work, we do
      not sell it, and Glimpse has no advertising and no third-party trackers.
    </p>
  ),
  sections: [
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <>
          <h3>Information you give us</h3>
          <ul>
            <li>
              <strong>Account:</strong> your email address and password. We store the password only as a
              secure hash; nobody, including us, can read it.
            </li>
            <li>
              <strong>Profile:</strong> first and last name, username, and, if you add them, a website, a bio,
              a profile picture and a background picture.
            </li>
            <li>
              <strong>What you share:</strong> photos and captions, comments, events and their details, and
              which posts you like or save, which events you are interested in and whom you follow.
            </li>
            <li>
              <strong>Messages to us:</strong> reports about accounts and the feedback you send from the Help
              page, each stored with your account and the time.
            </li>
          </ul>
          <h3>Information collected when you use Glimpse</h3>
          <ul>
            <li>
              <strong>Sessions:</strong> for each device you sign in on, the session’s start and expiry time,
              your IP address and your browser’s user agent, so you stay signed in and we can spot misuse.
            </li>
            <li>
              <strong>Security counters:</strong> the number of recent sign-in and sign-up attempts from an IP
              address, to slow down password guessing.
            </li>
            <li>
              <strong>Server logs:</strong> for each request, the address requested, the result and how long
              it took. Logs do not contain your password or cookies.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'How we use it',
      body: (
        <ul>
          <li>
            to run Glimpse: show your profile and posts, build your feed, and tell you about new followers;
          </li>
          <li>to keep Glimpse safe: protect accounts, limit abuse, and review reports;</li>
          <li>to improve Glimpse, using the feedback you send us;</li>
          <li>to meet legal obligations.</li>
        </ul>
      ),
    },
    {
      id: 'who-can-see',
      title: 'Who can see what',
      body: (
        <>
          <p>
            Glimpse is a community: everything in your profile and everything you post, comment, like or mark
            as Interested can be seen by other signed-in members. Do not post what you would not want the
            community to see.
          </p>
          <p>
            Your email address, your password, the posts you have saved, your sessions, your reports and your
            feedback are not shown to other members. The people who run Glimpse can see them when they need
            to, for example to review a report.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          Glimpse uses only the cookies it needs to keep you signed in, including one for each extra account
          you add on the same device. They cannot be read by scripts on the page, are not sent with requests
          from other sites, and are never used for advertising or tracking. Glimpse loads no third-party
          scripts, fonts or pixels.
        </p>
      ),
    },
    {
      id: 'photos',
      title: 'Your photos and their metadata',
      body: (
        <p>
          Cameras often write hidden details into photos, such as where and when a picture was taken. When you
          upload a picture, Glimpse removes all of this metadata before the picture is stored, and keeps only
          resized copies for display.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <p>
          We keep your information for as long as you have an account. When you delete a post or an event, it
          is removed together with its picture files. When you ask us to delete your account, we delete your
          profile and everything you posted; copies in backups disappear as the backups are replaced. A
          session ends when you log out, or after 30 days without use.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing',
      body: (
        <p>
          We do not sell your information or share it with advertisers. We share it only with providers that
          host Glimpse for us, under agreements that let them use it solely for that purpose, or when the law
          requires us to.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Passwords are hashed, sign-in attempts are rate limited, session cookies are protected from scripts
          and from other sites, and every change you make is checked on our server before it is saved. No
          service is perfectly secure, so please use a strong password of your own.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      body: (
        <>
          <p>
            You can see and correct your profile at any time, and delete your posts and events from your
            profile. Depending on where you live, you may also have the right to get a copy of your
            information, to object to how we use it, or to have it erased.
          </p>
          <p>
            To use any of these rights, or to delete your account, write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> from the email address of your account. You
            may also complain to your local data protection authority.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <p>
          Glimpse is not meant for children under 13. If you believe a child under 13 has an account, tell us
          and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy, we update the date at the top of this page, and for important changes we
          tell you in the app first.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about your privacy? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, or see
          the <Link to={paths.help}>Help</Link> page and our <Link to={paths.terms}>Terms of Service</Link>.
        </p>
      ),
    },
  ],
};
