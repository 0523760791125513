'use client'
import { Link, useConfig } from '@payloadcms/ui'
import { usePathname } from 'next/navigation.js'
import { formatAdminURL } from 'payload/shared'

/** "Calendar" at the top of the admin navigation, styled like Payload's own links. */
export function CalendarNavLink() {
  const { config } = useConfig()
  const pathname = usePathname()
  const href = formatAdminURL({ adminRoute: config.routes.admin, path: '/calendar' })
  const active = pathname === href
  const label = (
    <>
      {active && <div className="nav__link-indicator" />}
      <span className="nav__link-label">Calendar</span>
    </>
  )
  return active ? (
    <div className="nav__link" id="nav-calendar">
      {label}
    </div>
  ) : (
    <Link className="nav__link" href={href} id="nav-calendar" prefetch={false}>
      {label}
    </Link>
  )
}
