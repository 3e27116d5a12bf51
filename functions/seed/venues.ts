/** The demo venues: where they are, their kind, and the seat map each is drawn with. */
import type { venues, venueSections } from "../db/schema";
import { CITIES } from "./places";
import {
  amphitheatreMap, arenaMap, clubMap, festivalGroundMap, inTheRoundMap, stadiumMap, theatreMap,
  type SeatMap, type VenueKind,
} from "../market/venues/seat-maps";

export type VenueRow = typeof venues.$inferInsert;
export type VenueSectionRow = typeof venueSections.$inferInsert;

type VenueSpec = {
  key: string;
  cityCode: string;
  nameEn: string;
  nameZh: string;
  addressEn: string;
  addressZh: string;
  /** What people also call it, when they do (searched beside its name). */
  nickname?: [string, string];
  kind: VenueKind;
  lat: number;
  lng: number;
  map: () => SeatMap;
};

/** One venue a line: key, city, kind, where it is, its name and address in English and Chinese, its seat map. */
const venue = (
  key: string,
  cityCode: string,
  kind: VenueKind,
  [lat, lng]: [number, number],
  [nameEn, nameZh]: [string, string],
  [addressEn, addressZh]: [string, string],
  map: () => SeatMap,
): VenueSpec => ({ key, cityCode, kind, lat, lng, nameEn, nameZh, addressEn, addressZh, nickname: NICKNAMES[key], map });

/** Well-known nicknames, by venue key: what fans type (紅館 is the Coliseum to everyone in Hong Kong). */
const NICKNAMES: Record<string, [string, string]> = {
  coliseum: ["Hung Hom Coliseum", "紅館"],
  asiaworld: ["AWE", "亞博"],
  "cultural-centre": ["HKCC", "文化中心"],
  "taipei-arena": ["Little Dome", "小巨蛋"],
  "tokyo-dome": ["Big Egg", "巨蛋"],
  "national-stadium": ["Sports Hub", "體育城"],
};

export const VENUES: VenueSpec[] = [
  venue("kai-tak", "HKG", "stadium", [22.3223, 114.2003], ["Kai Tak Stadium", "啟德主場館"], ["Kai Tak Sports Park, 38 Shing Kai Road, Kowloon City, Kowloon", "九龍九龍城承啟道38號啟德體育園"], () => stadiumMap({ lower: 20, middle: 24, upper: 28, seatPitch: 2.9 })),
  venue("asiaworld", "HKG", "arena", [22.3225, 113.9433], ["AsiaWorld-Arena", "亞洲國際博覽館 Arena"], ["AsiaWorld-Expo, 1 Airport Expo Boulevard, Chek Lap Kok, Lantau", "大嶼山赤鱲角機場博覽館道1號亞洲國際博覽館"], () => arenaMap({ lower: 14, upper: 18, seatPitch: 3.4 })),
  venue("coliseum", "HKG", "arena", [22.3016, 114.1822], ["Hong Kong Coliseum", "香港體育館"], ["9 Cheong Wan Road, Hung Hom, Kowloon", "九龍紅磡暢運道9號"], () => inTheRoundMap({ lower: 16, upper: 20, seatPitch: 3.3 })),
  venue("lyric", "HKG", "theatre", [22.3003, 114.1580], ["Lyric Theatre", "演藝綜合劇場"], ["Lyric Theatre Complex, West Kowloon Cultural District, 18 Museum Drive, Kowloon", "九龍西九文化區博物館道18號演藝綜合劇場"], () => theatreMap("theatre")),
  venue("cultural-centre", "HKG", "theatre", [22.2938, 114.1702], ["Hong Kong Cultural Centre Grand Theatre", "香港文化中心大劇院"], ["10 Salisbury Road, Tsim Sha Tsui, Kowloon", "九龍尖沙咀梳士巴利道10號"], () => theatreMap("theatre")),
  venue("harbourfront", "HKG", "park", [22.2841, 114.1620], ["Central Harbourfront Event Space", "中環海濱活動空間"], ["9 Lung Wo Road, Central, Hong Kong Island", "香港中環龍和道9號"], festivalGroundMap),
  venue("blue-tram", "HKG", "club", [22.2815, 114.1538], ["Blue Tram Jazz Club", "藍電車爵士酒廊"], ["2/F, 88 Wellington Street, Central, Hong Kong Island", "香港中環威靈頓街88號2樓"], clubMap),
  venue("galaxy", "MFM", "arena", [22.1484, 113.5536], ["Galaxy Arena", "銀河綜藝館"], ["Galaxy Macau, Estrada da Baía de Nossa Senhora da Esperança, Cotai", "澳門路氹城望德聖母灣大馬路澳門銀河"], () => arenaMap({ lower: 14, upper: 16, seatPitch: 3.6 })),
  venue("taipei-arena", "TPE", "arena", [25.0515, 121.5497], ["Taipei Arena", "臺北小巨蛋"], ["No. 2, Sec. 4, Nanjing East Road, Songshan District, Taipei", "臺北市松山區南京東路四段2號"], () => arenaMap({ lower: 12, upper: 16, seatPitch: 3.5 })),
  venue("national-stadium", "SIN", "stadium", [1.3040, 103.8746], ["Singapore National Stadium", "新加坡國家體育場"], ["1 Stadium Drive, Kallang, Singapore 397629", "新加坡加冷體育場道1號"], () => stadiumMap({ lower: 18, middle: 0, upper: 22, seatPitch: 2.4 })),
  venue("esplanade", "SIN", "hall", [1.2897, 103.8555], ["Esplanade Concert Hall", "濱海藝術中心音樂廳"], ["1 Esplanade Drive, Singapore 038981", "新加坡濱海藝術中心道1號"], () => theatreMap("hall")),
  venue("impact", "BKK", "arena", [13.9120, 100.5480], ["Impact Arena", "曼谷Impact體育館"], ["99 Popular Road, Ban Mai, Pak Kret, Nonthaburi", "暖武里府北革縣班邁Popular路99號"], () => arenaMap({ lower: 14, upper: 18, seatPitch: 3.5 })),
  venue("tokyo-dome", "TYO", "stadium", [35.7056, 139.7519], ["Tokyo Dome", "東京巨蛋"], ["1-3-61 Koraku, Bunkyo City, Tokyo", "東京都文京區後樂1-3-61"], () => stadiumMap({ lower: 18, middle: 0, upper: 24, seatPitch: 2.3 })),
  venue("kspo", "SEL", "arena", [37.5197, 127.1273], ["KSPO Dome", "首爾KSPO巨蛋"], ["424 Olympic-ro, Songpa-gu, Seoul", "首爾特別市松坡區奧林匹克路424"], () => arenaMap({ lower: 14, upper: 16, seatPitch: 3.6 })),
  venue("o2", "LON", "arena", [51.5030, 0.0032], ["The O2", "倫敦O2體育館"], ["Peninsula Square, London SE10 0DX", "倫敦格林威治半島廣場 SE10 0DX"], () => arenaMap({ lower: 16, upper: 20, seatPitch: 3.0 })),
  venue("drury-lane", "LON", "theatre", [51.5129, -0.1206], ["Theatre Royal Drury Lane", "德魯里巷皇家劇院"], ["Catherine Street, London WC2B 5JF", "倫敦凱瑟琳街 WC2B 5JF"], () => theatreMap("theatre")),
  venue("hollywood-bowl", "LAX", "park", [34.1122, -118.3391], ["Hollywood Bowl", "荷里活露天劇場"], ["2301 N Highland Ave, Los Angeles, CA 90068", "洛杉磯北高地大道2301號 CA 90068"], amphitheatreMap),
];

/** The venues, their sections (ids in insertion order) and each venue's sections by key. */
export function demoVenues() {
  const venueRows: VenueRow[] = [];
  const sectionRows: VenueSectionRow[] = [];
  const sectionsByVenue = new Map<string, VenueSectionRow[]>();
  VENUES.forEach((spec, i) => {
    const id = i + 1;
    const city = CITIES.find((c) => c.code === spec.cityCode);
    if (!city) throw new Error(`unknown city ${spec.cityCode}`);
    const map = spec.map();
    const own: VenueSectionRow[] = map.sections.map((s, sort) => ({ ...s, id: sectionRows.length + sort + 1, venueId: id, sort }));
    sectionRows.push(...own);
    sectionsByVenue.set(spec.key, own);
    venueRows.push({
      id,
      cityCode: spec.cityCode,
      nameEn: spec.nameEn,
      nameZh: spec.nameZh,
      nicknameEn: spec.nickname?.[0] ?? null,
      nicknameZh: spec.nickname?.[1] ?? null,
      addressEn: spec.addressEn,
      addressZh: spec.addressZh,
      timeZone: city.timeZone,
      kind: spec.kind,
      capacity: own.reduce((sum, s) => sum + s.rows * s.seatsPerRow, 0),
      lat: Math.round(spec.lat * 1e6),
      lng: Math.round(spec.lng * 1e6),
      mapWidth: map.width,
      mapHeight: map.height,
    });
  });
  return { venues: venueRows, venueSections: sectionRows, sectionsByVenue, venueByKey: new Map(VENUES.map((v, i) => [v.key, venueRows[i]])) };
}
