<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="world" tilewidth="32" tileheight="36" tilecount="7" columns="7">
 <image source="hex_world.png" width="224" height="36"/>
 <tile id="0" type="Grassland"/>
 <tile id="1" type="Forest"/>
 <tile id="2" class="Ocean"/>
 <tile id="3" type="Mountain"/>
 <tile id="4">
  <properties>
   <property name="terrain_type" value="Swamp"/>
  </properties>
 </tile>
 <tile id="5" type="forest_2"/>
 <tile id="6" type="Deep Ocean"/>
</tileset>
