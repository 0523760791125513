'use client'
import { Link, useConfig } from '@payloadcms/ui'
import { usePathname } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'

/** A calendar view's link at the top of the admin navigation ("Calendar", "Agenda"), styled like Payload's own. */
export function CalendarNavLink({ view = 'calendar', label = 'Calendar' }: { view?: string; label?: string }) {
  const { config } = useConfig()
  const pathname = usePathname()
  const href = formatAdminURL({ adminRoute: config.routes.admin, path: `/${view}` })
  const active = pathname === href
  const id = `nav-${view}`
  const text = (
    <>
      {active && <div className="nav__link-indicator" />}
      <span className="nav__link-label">{label}</span>
    </>
  )
  return active ? (
    <div className="nav__link" id={id}>
      {text}
    </div>
  ) : (
    <Link className="nav__link" href={href} id={id} prefetch={false}>
      {text}
    </Link>
  )
}
