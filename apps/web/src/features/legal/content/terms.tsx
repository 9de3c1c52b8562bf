/** Terms of Service text. Our own words; the product is Glimpse; the date is `legalLastUpdated`. */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const termsOfService: LegalDocumentContent = {
  title: 'Terms of Service',
  intro: (
    <p>
      Glimpse is a place to share photos and events with the people you follow. These terms are the agreement
      between you and the people who run this Glimpse service (“we”, “us”). We have tried to keep them short
      and plain. Please read them, together with our <Link to={paths.privacy}>Privacy Policy</Link> and{' '}
      <Link to={paths.guidelines}>Community Guidelines</Link>.
    </p>
  ),
  sections: [
    {
      id: 'agreement',
      title: 'Agreeing to these terms',
      body: (
        <p>
          By creating an account or using Glimpse you agree to these terms. If you do not agree, please do not
          use Glimpse. If you use Glimpse on behalf of a club, school or company, you confirm that you may
          accept these terms for it.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Who can use Glimpse',
      body: (
        <p>
          You must be at least 13 years old, or older if the law where you live requires it, to use Glimpse.
          You may not use Glimpse if we have closed your account before for breaking these terms, or if the
          law forbids you to use it.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <>
          <p>
            You sign up with an email address and a password. Keep your password to yourself and use one you
            do not use anywhere else. You are responsible for what happens in your account, so tell us at once
            if you think someone else has used it.
          </p>
          <p>
            Your profile (name, username, website, bio and pictures) must be truthful enough that people are
            not misled about who you are. Usernames are unique; we may change or reclaim one that impersonates
            someone or infringes a trademark.
          </p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Your content',
      body: (
        <>
          <p>
            You keep the rights to the photos, captions, comments and events you post. To show them on Glimpse
            we need your permission, so you give us a worldwide, non-exclusive, royalty-free licence to store,
            copy, resize and display your content for the purpose of running Glimpse. The licence ends when
            you delete the content, except for copies we must keep for a short time in backups or to meet a
            legal duty.
          </p>
          <p>
            Only post content you have the right to share, and that does not break the law or our{' '}
            <Link to={paths.guidelines}>Community Guidelines</Link>. You are responsible for what you post.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'How you may use Glimpse',
      body: (
        <>
          <p>When you use Glimpse, you agree not to:</p>
          <ul>
            <li>harass, threaten or impersonate anyone, or post anything our guidelines do not allow;</li>
            <li>send spam, run scams, or buy or sell likes, follows or accounts;</li>
            <li>collect other people’s information without their consent, for example by scraping;</li>
            <li>
              interfere with Glimpse, probe it for weaknesses without permission, or get around limits we set,
              such as the number of sign-in attempts;
            </li>
            <li>use Glimpse to break the law or to help someone else do so.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'events',
      title: 'Events',
      body: (
        <p>
          Members can create events and mark themselves as Interested. We do not organise, check or supervise
          these events and we are not a party to them. The person who creates an event is responsible for
          describing it honestly. Use your own judgement before you attend, especially when meeting people you
          do not know.
        </p>
      ),
    },
    {
      id: 'moderation',
      title: 'Reports and moderation',
      body: (
        <p>
          Anyone can report an account they believe breaks these terms or our guidelines. We review reports
          and may remove content, limit features or close accounts, as described in the Enforcement section of
          the <Link to={paths.guidelines}>Community Guidelines</Link>. We are not obliged to review everything
          that is posted, and we may act on content even when nobody has reported it.
        </p>
      ),
    },
    {
      id: 'open-source',
      title: 'Glimpse is open-source software',
      body: (
        <p>
          The Glimpse software is open source. Its licence lets anyone run their own Glimpse service; that
          licence covers the code, while these terms cover this service. Other Glimpse services are run by
          other people under their own terms, and we are not responsible for them.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Ending your use',
      body: (
        <p>
          You may stop using Glimpse at any time, and you can ask us to delete your account by writing to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We may suspend or close an account that
          seriously or repeatedly breaks these terms, or when the law requires it. Where we reasonably can, we
          will tell you why and give you a chance to respond.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      body: (
        <p>
          We work to keep Glimpse available, safe and free of errors, but we provide it “as is”. We cannot
          promise that it will always be available or that content posted by members is accurate. Nothing in
          these terms limits rights you have under consumer law that cannot be limited.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limits on liability',
      body: (
        <p>
          To the extent the law allows, we are not liable for indirect or unforeseeable losses, for content
          posted by other members, or for events organised by them. Nothing here excludes liability for death
          or personal injury caused by our negligence, for fraud, or any other liability that cannot be
          excluded by law.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms as Glimpse changes. The date at the top of this page always shows the
          latest version. If a change matters, we will tell you in the app before it takes effect. If you keep
          using Glimpse after that, you accept the new terms.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or visit
          the <Link to={paths.help}>Help</Link> page.
        </p>
      ),
    },
  ],
};
