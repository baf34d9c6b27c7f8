import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@studio/ui';
import { SUPPORT_EMAIL } from '../../config.ts';

const UPDATED = '1 March 2026';

function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="sh-legal">
      <header className="sh-legal-header">
        <Link to="/" aria-label="Studio home">
          <Logo />
        </Link>
        <nav aria-label="Legal">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
      </header>
      <main className="sh-legal-body">
        <h1>{title}</h1>
        <p className="sh-muted">Last updated {UPDATED}</p>
        {children}
        <p>
          Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      </main>
    </div>
  );
}

/** `/privacy`: who processes what (spec 1 §1: auth, database and storage; payments; analytics). */
export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <p>
        This policy explains what Studio collects when you use the studio, why, and who processes it on our behalf. We collect only what we
        need to run your account, bill for credits and make the product better.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          Account data: your e-mail address, password (stored only as a salted hash), username, avatar and, if you sign in with Google, your
          Google account e-mail and identifier.
        </li>
        <li>
          Content: product photos, audio and scripts you upload, and the images and videos you generate, with the prompts and settings used.
        </li>
        <li>Credit and billing records: your plan, credit balance and a ledger of every credit added or spent.</li>
        <li>Technical data: request logs with IP address and browser, kept for security and troubleshooting.</li>
      </ul>
      <h2>Who processes your data</h2>
      <ul>
        <li>
          <strong>Authentication, database and storage — our backend service.</strong> Sign-in, sessions, your profile, the credit ledger
          and your uploaded and generated files are handled by Studio&apos;s own backend: our servers, a PostgreSQL database and a file
          store (our servers or an S3-compatible bucket we control). Sessions use an HTTP-only cookie; your browser holds no access tokens.
        </li>
        <li>
          <strong>Payments — Stripe.</strong> Card payments for plans and top-ups are processed by Stripe, Inc. Card numbers go to Stripe
          directly and never reach our servers; we keep the Stripe customer and subscription identifiers to match payments to your account.
        </li>
        <li>
          <strong>Analytics — our analytics service.</strong> We record product usage events (for example sign-ups, sign-ins and which
          features are used) with an analytics service to understand and improve the studio. Events are tied to a pseudonymous identifier,
          not to your content.
        </li>
        <li>
          <strong>AI model providers.</strong> To generate images, speech and video, the inputs of a generation may be sent to the model
          provider that runs it, only for that generation.
        </li>
        <li>
          <strong>Google</strong>, only if you choose to sign in with Google, confirms your identity to us.
        </li>
      </ul>
      <h2>How long we keep it</h2>
      <p>
        Your account data and content are kept while your account exists. When you delete your account we delete your profile, files and
        generations; billing records are kept as long as tax law requires.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and edit your profile in the studio, download your generations, and ask us for a copy of your data, its correction or
        deletion by writing to us. Featured items you chose to share appear in the public Discover feed until you remove them.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        We use one essential session cookie to keep you signed in. Your browser&apos;s local storage keeps interface preferences such as the
        collapsed sidebar and, for administrators, the Admin View choice.
      </p>
    </LegalLayout>
  );
}

/** `/terms`: terms of service. */
export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service">
      <p>These terms govern your use of Studio, a service that turns product photos into images and video ads using AI models.</p>
      <h2>Your account</h2>
      <p>
        You need an account to use the studio. Keep your password safe; you are responsible for what happens under your account. You must be
        old enough to enter a contract where you live.
      </p>
      <h2>Credits, plans and payments</h2>
      <ul>
        <li>Every generation uses credits. The cost of a generation is shown in the studio before it runs.</li>
        <li>New accounts start with a trial allowance of credits. Plans add a monthly allowance; top-up packages add credits once.</li>
        <li>Payments are processed by Stripe. Plans renew each month or year until cancelled; cancelling stops the next renewal.</li>
        <li>Credits spent on a generation that fails are returned. Credits have no cash value and cannot be transferred.</li>
      </ul>
      <h2>Your content</h2>
      <p>
        You keep the rights to what you upload and to the results you generate, subject to the terms of the AI models used. You confirm you
        have the right to use the photos, faces, voices and products you upload, and you give us the permission needed to store and process
        them to provide the service. Content you mark as featured may be shown in the public Discover feed.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not use Studio to create unlawful, deceptive or infringing content, to impersonate real people without their consent, or to
        disrupt the service. We may suspend accounts that do.
      </p>
      <h2>Service and liability</h2>
      <p>
        We work to keep the studio available and your data safe, but the service is provided as is. AI results can be imperfect; review them
        before you publish. To the extent the law allows, our liability is limited to the amount you paid in the twelve months before a
        claim.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; we will tell you of material changes by e-mail or in the studio before they apply.</p>
    </LegalLayout>
  );
}
