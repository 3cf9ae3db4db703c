<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="test" tilewidth="70" tileheight="80" tilecount="10" columns="5">
 <image source="../../../assets/terrain_pointy.png" width="350" height="160"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="grass"/>
   <property name="move_cost" value="two"/>
  </properties>
 </tile>
</tileset>
