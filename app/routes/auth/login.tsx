import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Sign In | Ormsby Lending' }];

/** Sign-in and account creation: a plain page until the accounts issue builds it. */
export default function LoginPage() {
  return (
    <section className="container-page py-40 text-center">
      <h1 className="text-4xl">Investor and borrower accounts</h1>
      <p className="mt-4 text-muted">Online accounts are opening soon. Please contact us in the meantime.</p>
      <a href="/contact" className="mt-8 inline-block rounded-md bg-navy-900 px-5 py-3 font-medium text-white">
        Contact Us
      </a>
    </section>
  );
}
