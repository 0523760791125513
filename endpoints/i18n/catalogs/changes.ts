import type { AreaCatalog } from '../translate.js'

// The change feed (GET /changes, an extension): its parameters, schema and messages.
export const changes: AreaCatalog = {
  fr: {
    'The next_cursor of an earlier answer: the changes after it. Without it: no changes, and a cursor for now':
      "Le next_cursor d'une réponse précédente : les changements qui le suivent. Sans lui : aucun changement, et un curseur pour maintenant",
    'The number of changes to return on each page': 'Le nombre de changements à renvoyer par page',
    'Not a cursor of this change feed: call without since for a new one.': "Pas un curseur de ce flux de changements : appelez sans since pour en obtenir un nouveau.",
    'This cursor is older than the %d days the change feed keeps: read everything again, then follow the feed from a new cursor (a call without since).':
      'Ce curseur est plus ancien que les %d jours que garde le flux de changements : relisez tout, puis suivez le flux à partir d\'un nouveau curseur (un appel sans since).',
    'The cursor is older than the change feed keeps: read everything again.': 'Le curseur est plus ancien que ce que garde le flux de changements : relisez tout.',
    'What changed': 'Ce qui a changé',
    'Its ID (an occurrence of a recurring event: its provisional ID)': "Son ID (une occurrence d'un événement récurrent : son ID provisoire)",
    "What happened, as the caller may learn it; hidden: it left the caller's view":
      "Ce qui s'est passé, tel que l'appelant peut l'apprendre ; hidden : il a quitté la vue de l'appelant",
    'When it changed, in UTC time': 'Quand il a changé, en heure UTC',
    'The changes after the cursor, oldest first': 'Les changements après le curseur, du plus ancien au plus récent',
    'The since of the next call': "Le since de l'appel suivant",
    'Only posts modified after this date': 'Seulement les publications modifiées après cette date',
  },
  de: {
    'The next_cursor of an earlier answer: the changes after it. Without it: no changes, and a cursor for now':
      'Der next_cursor einer früheren Antwort: die Änderungen danach. Ohne ihn: keine Änderungen und ein Cursor für jetzt',
    'The number of changes to return on each page': 'Die Anzahl der Änderungen, die pro Seite zurückgegeben werden',
    'Not a cursor of this change feed: call without since for a new one.': 'Kein Cursor dieses Änderungs-Feeds: ohne since aufrufen, um einen neuen zu erhalten.',
    'This cursor is older than the %d days the change feed keeps: read everything again, then follow the feed from a new cursor (a call without since).':
      'Dieser Cursor ist älter als die %d Tage, die der Änderungs-Feed aufbewahrt: alles neu lesen und dem Feed dann ab einem neuen Cursor folgen (ein Aufruf ohne since).',
    'The cursor is older than the change feed keeps: read everything again.': 'Der Cursor ist älter, als der Änderungs-Feed aufbewahrt: alles neu lesen.',
    'What changed': 'Was sich geändert hat',
    'Its ID (an occurrence of a recurring event: its provisional ID)': 'Seine ID (ein Termin einer wiederkehrenden Veranstaltung: seine vorläufige ID)',
    "What happened, as the caller may learn it; hidden: it left the caller's view":
      'Was geschehen ist, soweit der Aufrufer es erfahren darf; hidden: es hat die Sicht des Aufrufers verlassen',
    'When it changed, in UTC time': 'Wann es sich geändert hat, in UTC',
    'The changes after the cursor, oldest first': 'Die Änderungen nach dem Cursor, die älteste zuerst',
    'The since of the next call': 'Das since des nächsten Aufrufs',
    'Only posts modified after this date': 'Nur nach diesem Datum geänderte Beiträge',
  },
  es: {
    'The next_cursor of an earlier answer: the changes after it. Without it: no changes, and a cursor for now':
      'El next_cursor de una respuesta anterior: los cambios posteriores. Sin él: ningún cambio y un cursor para ahora',
    'The number of changes to return on each page': 'El número de cambios que se devuelven por página',
    'Not a cursor of this change feed: call without since for a new one.': 'No es un cursor de este flujo de cambios: llame sin since para obtener uno nuevo.',
    'This cursor is older than the %d days the change feed keeps: read everything again, then follow the feed from a new cursor (a call without since).':
      'Este cursor es más antiguo que los %d días que guarda el flujo de cambios: vuelva a leerlo todo y siga el flujo desde un cursor nuevo (una llamada sin since).',
    'The cursor is older than the change feed keeps: read everything again.': 'El cursor es más antiguo de lo que guarda el flujo de cambios: vuelva a leerlo todo.',
    'What changed': 'Lo que cambió',
    'Its ID (an occurrence of a recurring event: its provisional ID)': 'Su ID (una ocurrencia de un evento recurrente: su ID provisional)',
    "What happened, as the caller may learn it; hidden: it left the caller's view":
      'Lo que ocurrió, tal como el llamante puede saberlo; hidden: salió de la vista del llamante',
    'When it changed, in UTC time': 'Cuándo cambió, en hora UTC',
    'The changes after the cursor, oldest first': 'Los cambios después del cursor, del más antiguo al más reciente',
    'The since of the next call': 'El since de la siguiente llamada',
    'Only posts modified after this date': 'Solo publicaciones modificadas después de esta fecha',
  },
}
