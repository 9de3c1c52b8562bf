/** Community Guidelines text: eight guidelines, then Enforcement and Reporting (SPEC.md §2). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const communityGuidelines: LegalDocumentContent = {
  title: 'Community Guidelines',
  numbered: false,
  intro: (
    <p>
      Glimpse is for sharing the moments and events that bring people together. These guidelines describe how
      we look after each other here. They apply to everything on Glimpse: profiles, photos, captions, comments
      and events. They sit alongside our <Link to={paths.terms}>Terms of Service</Link>.
    </p>
  ),
  sections: [
    {
      id: 'respect',
      title: '1. Be respectful',
      body: (
        <p>
          Disagree with ideas, not people. Do not bully, harass, shame or repeatedly contact someone who does
          not want to hear from you, and do not encourage others to pile on. Criticism is welcome; insults and
          intimidation are not.
        </p>
      ),
    },
    {
      id: 'hate',
      title: '2. No hate speech',
      body: (
        <p>
          Do not attack or demean people for who they are: their race, ethnicity, national origin, religion,
          caste, sexual orientation, sex, gender identity, disability or serious illness. This includes slurs,
          dehumanising comparisons, hateful symbols and stereotypes presented as fact.
        </p>
      ),
    },
    {
      id: 'violence',
      title: '3. No violence or dangerous behaviour',
      body: (
        <p>
          Do not threaten anyone, call for violence, or praise people who commit it. Do not share graphic
          violence for shock value, or promote dangerous activities, terrorism, organised crime, or the sale
          of weapons and drugs. If someone talks about hurting themselves, treat them with care; we remove
          content that encourages self-harm and point people to support.
        </p>
      ),
    },
    {
      id: 'suitable',
      title: '4. Keep it suitable for everyone',
      body: (
        <p>
          Glimpse is open to everyone from the age of 13. Do not post nudity or sexual content. We have zero
          tolerance for any content that sexualises minors: we remove it, close the account and report it to
          the authorities.
        </p>
      ),
    },
    {
      id: 'authentic',
      title: '5. Be authentic',
      body: (
        <p>
          Be yourself. Do not pretend to be another person, brand or organisation, and do not run accounts
          that mislead people about who is behind them. Do not spam, post the same thing over and over, or
          buy, sell or trade likes, follows or accounts.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: '6. Respect privacy',
      body: (
        <p>
          Do not share other people’s private information, such as home addresses, phone numbers or ID
          documents, and do not post private or intimate images of anyone without their permission. Ask before
          you post a close-up photo of someone, and take it down if they ask you to.
        </p>
      ),
    },
    {
      id: 'ownership',
      title: '7. Share what is yours to share',
      body: (
        <p>
          Post photos you took or have permission to use. Give credit when you share someone else’s work with
          their permission. Do not post content that infringes copyright or trademarks; rights holders can
          contact us to have it removed.
        </p>
      ),
    },
    {
      id: 'events',
      title: '8. Keep events real and safe',
      body: (
        <p>
          Describe your events honestly: the date, time, place and what people can expect. Do not create fake
          events, use events to collect money under false pretences, or organise anything illegal or
          dangerous. If an event is called off, delete it, so nobody turns up for nothing.
        </p>
      ),
    },
    {
      id: 'enforcement',
      title: 'Enforcement',
      body: (
        <>
          <p>
            When something breaks these guidelines, we act in proportion to how serious it is, how often it
            has happened, and the harm it causes. Depending on the case we may:
          </p>
          <ul>
            <li>remove the content and tell the person who posted it why;</li>
            <li>give a warning;</li>
            <li>limit features for a while, such as posting or commenting;</li>
            <li>suspend or permanently close the account, for serious or repeated breaches.</li>
          </ul>
          <p>
            We may involve the authorities when there is a threat to someone’s safety or where the law
            requires it. If you believe we made a mistake, write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and a different person will review the
            decision.
          </p>
        </>
      ),
    },
    {
      id: 'reporting',
      title: 'Reporting',
      body: (
        <>
          <p>
            If you see an account, a post, a comment or an event that breaks these guidelines, choose{' '}
            <strong>Report</strong> (on a profile), <strong>Report post</strong>,{' '}
            <strong>Report comment</strong> or <strong>Report event</strong>, and tell us briefly what is
            wrong. The person you report is not told who reported them. One report per thing is enough: we
            keep a copy of what you reported, as it was, even if it is changed or deleted later.
          </p>
          <p>
            Our moderators review open reports within 24 hours. For each they either dismiss it (nothing
            breaks the guidelines), remove the content, or suspend the account: a suspended account cannot
            sign in and everything it made is hidden until the suspension is lifted. Every decision is
            recorded with who made it and why, and you get a notification saying your report was reviewed.
          </p>
          <p>
            You do not have to wait for us: you can <strong>Block</strong> someone (neither of you sees the
            other any more), <strong>Mute</strong> them (their posts and events leave your feed, without them
            knowing), or mute words and hashtags in Settings.
          </p>
          <p>
            If someone is in immediate danger, contact your local emergency services first. For anything else,
            see the <Link to={paths.help}>Help</Link> page or write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Please do not misuse reports to target
            people you disagree with; that is itself a breach of these guidelines.
          </p>
        </>
      ),
    },
  ],
};
